package dev.gpudra.imagepush;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import javax.net.ssl.SSLException;

/**
 * One HTTPS request to a registry's {@code /v2/} before a push or pull that may not use plain HTTP,
 * so that a plain-HTTP or untrusted registry is named at once rather than after Jib's minute of
 * retries. Anything but a TLS failure is left to the push itself (proxies, authentication,
 * outages).
 */
final class TlsProbe {
  private static final Duration TIMEOUT = Duration.ofSeconds(10);

  private TlsProbe() {}

  /**
   * @throws ImageException when {@code registry} does not complete a TLS handshake this JVM trusts
   */
  static void requireTls(String registry, String verb) throws ImageException, InterruptedException {
    HttpClient http = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();
    HttpRequest request =
        HttpRequest.newBuilder(URI.create("https://" + registry + "/v2/")).timeout(TIMEOUT).build();
    try {
      http.send(request, HttpResponse.BodyHandlers.discarding());
    } catch (IOException e) {
      for (Throwable cause = e; cause != null; cause = cause.getCause()) {
        if (cause instanceof SSLException) {
          throw new ImageException(
              registry
                  + " does not serve HTTPS with a certificate this machine trusts ("
                  + cause.getMessage()
                  + "): pass --insecure to "
                  + verb
                  + " over plain HTTP or without verifying it",
              e);
        }
      }
    } finally {
      http.close();
    }
  }
}
