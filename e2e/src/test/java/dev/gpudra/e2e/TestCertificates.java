package dev.gpudra.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.util.Base64;
import java.util.concurrent.TimeUnit;

/** Self-signed certificates made by the JDK's keytool, for the webhook's TLS in the suites. */
final class TestCertificates {
  private static final char[] PASSWORD = "changeit".toCharArray();

  private TestCertificates() {}

  /**
   * A certificate for {@code san} (keytool's form: {@code ip:127.0.0.1}, {@code
   * dns:name.namespace.svc}) written with its key as {@code tls.crt} and {@code tls.key} in {@code
   * dir}.
   */
  static X509Certificate selfSigned(Path dir, String san) throws Exception {
    Path store = dir.resolve("webhook.p12");
    Process keytool =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair",
                "-alias",
                "k",
                "-keyalg",
                "RSA",
                "-keysize",
                "2048",
                "-dname",
                "CN=gpu-dra-webhook",
                "-ext",
                "SAN=" + san,
                "-validity",
                "2",
                "-storetype",
                "PKCS12",
                "-keystore",
                store.toString(),
                "-storepass",
                new String(PASSWORD),
                "-keypass",
                new String(PASSWORD))
            .redirectErrorStream(true)
            .start();
    String said = new String(keytool.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(keytool.waitFor(60, TimeUnit.SECONDS) && keytool.exitValue() == 0).as(said).isTrue();
    KeyStore keys = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(store)) {
      keys.load(in, PASSWORD);
    }
    X509Certificate cert = (X509Certificate) keys.getCertificate("k");
    Files.writeString(dir.resolve("tls.crt"), pem(cert));
    Files.writeString(
        dir.resolve("tls.key"), pem("PRIVATE KEY", keys.getKey("k", PASSWORD).getEncoded()));
    return cert;
  }

  static String pem(X509Certificate cert) throws Exception {
    return pem("CERTIFICATE", cert.getEncoded());
  }

  private static String pem(String type, byte[] der) {
    return "-----BEGIN "
        + type
        + "-----\n"
        + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(der)
        + "\n-----END "
        + type
        + "-----\n";
  }
}
