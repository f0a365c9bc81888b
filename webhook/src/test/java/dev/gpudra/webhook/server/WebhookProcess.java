package dev.gpudra.webhook.server;

import dev.gpudra.api.featuregates.FeatureGates;
import dev.gpudra.webhook.admission.ClaimAdmission;
import dev.gpudra.webhook.admission.OpaqueConfigValidator;
import dev.gpudra.webhook.tls.ReloadingKeyManager;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;

/**
 * The webhook server alone in a JVM, for tests that bound its heap: serves on a free port of
 * 127.0.0.1 with the certificate and key given, prints {@code port=N}, and stops when stdin closes.
 */
public final class WebhookProcess {
  private WebhookProcess() {}

  public static void main(String[] args) throws IOException {
    try (WebhookServer server =
        WebhookServer.start(
            new InetSocketAddress("127.0.0.1", 0),
            ReloadingKeyManager.load(Path.of(args[0]), Path.of(args[1])),
            new ClaimAdmission(new OpaqueConfigValidator(FeatureGates.defaults())))) {
      System.out.println("port=" + server.port());
      System.out.flush();
      while (System.in.read() >= 0) {
        // until the test closes stdin
      }
    }
  }
}
