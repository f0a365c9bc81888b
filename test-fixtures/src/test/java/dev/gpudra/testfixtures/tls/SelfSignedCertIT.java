package dev.gpudra.testfixtures.tls;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.testfixtures.tls.SelfSignedCert.KeyAlgorithm;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Certificates made by the JDK's keytool, a child process. */
class SelfSignedCertIT {
  @TempDir Path dir;

  record Case(String name, KeyAlgorithm algorithm, String sans, List<List<?>> expected) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> cases() {
    return Stream.of(
        new Case(
            "RSA for loopback",
            KeyAlgorithm.RSA,
            SelfSignedCert.LOOPBACK,
            List.of(List.of(7, "127.0.0.1"), List.of(2, "localhost"))),
        new Case(
            "EC for a Service's DNS name",
            KeyAlgorithm.EC,
            "dns:gpu-dra-webhook.gpu-dra.svc",
            List.of(List.of(2, "gpu-dra-webhook.gpu-dra.svc"))));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  @DisplayName(
      "a certificate is self-signed, CN=<name>, for the names asked, with a key of the algorithm;"
          + " written as PEM (CERTIFICATE, PKCS#8 PRIVATE KEY) as cert-manager's secret holds them")
  void generates(Case c) throws Exception {
    SelfSignedCert cert = SelfSignedCert.generate(dir, "webhook", c.algorithm(), c.sans());

    X509Certificate x509 = cert.certificate();
    assertThat(x509.getSubjectX500Principal().getName()).isEqualTo("CN=webhook");
    assertThat(x509.getIssuerX500Principal()).isEqualTo(x509.getSubjectX500Principal());
    x509.verify(x509.getPublicKey());
    assertThat(x509.getSubjectAlternativeNames()).containsExactlyInAnyOrderElementsOf(c.expected());
    assertThat(cert.key().getAlgorithm()).isEqualTo(c.algorithm().name());

    cert.write(dir.resolve("tls.crt"), dir.resolve("tls.key"));
    assertThat(Files.readString(dir.resolve("tls.crt")))
        .startsWith("-----BEGIN CERTIFICATE-----\n")
        .endsWith("-----END CERTIFICATE-----\n");
    assertThat(Files.readString(dir.resolve("tls.key")))
        .startsWith("-----BEGIN PRIVATE KEY-----\n")
        .endsWith("-----END PRIVATE KEY-----\n");
    assertThat(SelfSignedCert.trusting(List.of(cert)).getProtocol()).isEqualTo("TLS");
  }
}
