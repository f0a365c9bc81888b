package dev.gpudra.webhook.tls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpudra.testfixtures.tls.SelfSignedCert;
import dev.gpudra.testfixtures.tls.SelfSignedCert.KeyAlgorithm;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.interfaces.ECPrivateKey;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** PEM files as cert-manager, Helm or openssl write them, with keys made by keytool. */
class PemFilesIT {
  @TempDir static Path dir;
  private static SelfSignedCert rsa;
  private static SelfSignedCert otherRsa;
  private static SelfSignedCert ec;

  @BeforeAll
  static void generate() throws Exception {
    rsa = SelfSignedCert.generate(dir, "rsa", KeyAlgorithm.RSA);
    otherRsa = SelfSignedCert.generate(dir, "other", KeyAlgorithm.RSA);
    ec = SelfSignedCert.generate(dir, "ec", KeyAlgorithm.EC);
  }

  private static KeyMaterial read(String certPem, String keyPem) throws Exception {
    Path cert = Files.writeString(dir.resolve("tls.crt"), certPem);
    Path key = Files.writeString(dir.resolve("tls.key"), keyPem);
    return PemFiles.read(cert, key);
  }

  /** The PKCS#8 key's inner key: PKCS#1 for RSA, SEC1 (without its curve) for EC. */
  private static byte[] inner(SelfSignedCert cert) {
    return Der.children(Der.read(cert.key().getEncoded(), 0).content()).get(2).content();
  }

  @Test
  @DisplayName("a PKCS#8 key (PRIVATE KEY) of RSA or EC is read with its certificate")
  void pkcs8() throws Exception {
    KeyMaterial material = read(rsa.certificatePem(), rsa.pkcs8Pem());
    KeyMaterial ecMaterial = read(ec.certificatePem(), ec.pkcs8Pem());

    assertThat(material.key().getEncoded()).isEqualTo(rsa.key().getEncoded());
    assertThat(material.chain()).containsExactly(rsa.certificate());
    assertThat(ecMaterial.key().getEncoded()).isEqualTo(ec.key().getEncoded());
  }

  @Test
  @DisplayName("a PKCS#1 key (RSA PRIVATE KEY, cert-manager's default encoding) is read")
  void pkcs1() throws Exception {
    KeyMaterial material =
        read(rsa.certificatePem(), SelfSignedCert.pem("RSA PRIVATE KEY", inner(rsa)));

    assertThat(material.key().getEncoded()).isEqualTo(rsa.key().getEncoded());
  }

  @Test
  @DisplayName("a SEC1 key (EC PRIVATE KEY) naming its curve is read")
  void sec1() throws Exception {
    byte[] algorithm = Der.children(Der.read(ec.key().getEncoded(), 0).content()).get(1).content();
    byte[] curve = Der.children(algorithm).get(1).encoded();
    byte[] bare = Der.read(inner(ec), 0).content();
    byte[] sec1 = Der.tlv(Der.SEQUENCE, bare, Der.tlv(Der.CONTEXT_0, curve));

    KeyMaterial material = read(ec.certificatePem(), SelfSignedCert.pem("EC PRIVATE KEY", sec1));

    assertThat(((ECPrivateKey) material.key()).getS()).isEqualTo(((ECPrivateKey) ec.key()).getS());
    assertThat(material.chain()).containsExactly(ec.certificate());
  }

  @Test
  @DisplayName("a chain (server certificate, then its CA) is kept in order")
  void chain() throws Exception {
    KeyMaterial material = read(rsa.certificatePem() + otherRsa.certificatePem(), rsa.pkcs8Pem());

    assertThat(material.chain()).containsExactly(rsa.certificate(), otherRsa.certificate());
  }

  @Test
  @DisplayName("a key of another certificate is refused, naming both files")
  void mismatch() {
    assertThatThrownBy(() -> read(rsa.certificatePem(), otherRsa.pkcs8Pem()))
        .isInstanceOf(TlsMaterialException.class)
        .hasMessageContaining("tls.key: the private key does not match the certificate in")
        .hasMessageContaining("tls.crt");
    assertThatThrownBy(() -> read(rsa.certificatePem(), ec.pkcs8Pem()))
        .hasMessageContaining("does not match");
  }

  @Test
  @DisplayName("files without the blocks, an encrypted key, a missing file are refused clearly")
  void refusals() throws Exception {
    assertThatThrownBy(() -> read(rsa.pkcs8Pem(), rsa.pkcs8Pem()))
        .hasMessageContaining("tls.crt: no PEM CERTIFICATE block");
    assertThatThrownBy(() -> read(rsa.certificatePem(), rsa.certificatePem()))
        .hasMessageContaining("tls.key: no PEM PRIVATE KEY block");
    assertThatThrownBy(() ->
            read(rsa.certificatePem(), SelfSignedCert.pem("ENCRYPTED PRIVATE KEY", new byte[8])))
        .hasMessageContaining("encrypted private keys are not supported");
    assertThatThrownBy(
            () -> read(rsa.certificatePem(), SelfSignedCert.pem("RSA PRIVATE KEY", new byte[] {1})))
        .isInstanceOf(TlsMaterialException.class)
        .hasMessageContaining("tls.key");
    assertThatThrownBy(() -> PemFiles.read(dir.resolve("none.crt"), dir.resolve("none.key")))
        .isInstanceOf(TlsMaterialException.class)
        .hasMessageContaining("none.crt: cannot read");
  }
}
