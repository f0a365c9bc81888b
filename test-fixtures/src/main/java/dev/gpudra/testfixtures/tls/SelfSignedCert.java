package dev.gpudra.testfixtures.tls;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * A self-signed certificate made by the JDK's {@code keytool} (a child process), with its key; the
 * tests write them as PEM, as cert-manager's secret holds them. No BouncyCastle: the JDK alone.
 */
public record SelfSignedCert(X509Certificate certificate, PrivateKey key) {
  /** For a server on loopback: {@code 127.0.0.1} and {@code localhost}. */
  public static final String LOOPBACK = "ip:127.0.0.1,dns:localhost";

  private static final String PASSWORD = "changeit";
  private static final String ALIAS = "k";

  /** The key's algorithm and size. */
  public enum KeyAlgorithm {
    RSA(2048),
    EC(256);

    private final int bits;

    KeyAlgorithm(int bits) {
      this.bits = bits;
    }
  }

  /** A certificate for {@link #LOOPBACK}, {@code CN=<name>}, its key store in {@code dir}. */
  public static SelfSignedCert generate(Path dir, String name, KeyAlgorithm algorithm)
      throws IOException, GeneralSecurityException, InterruptedException {
    return generate(dir, name, algorithm, LOOPBACK);
  }

  /**
   * A certificate valid for two days, {@code CN=<name>}, its key store {@code <dir>/<name>.p12}.
   *
   * @param subjectAltNames keytool's form, comma-separated: {@code ip:127.0.0.1,dns:a.b.svc}
   * @throws IllegalStateException keytool failed; the message holds what it said
   */
  public static SelfSignedCert generate(
      Path dir, String name, KeyAlgorithm algorithm, String subjectAltNames)
      throws IOException, GeneralSecurityException, InterruptedException {
    Path store = dir.resolve(name + ".p12");
    Process keytool =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair",
                "-alias",
                ALIAS,
                "-keyalg",
                algorithm.name(),
                "-keysize",
                Integer.toString(algorithm.bits),
                "-dname",
                "CN=" + name,
                "-ext",
                "SAN=" + subjectAltNames,
                "-validity",
                "2",
                "-storetype",
                "PKCS12",
                "-keystore",
                store.toString(),
                "-storepass",
                PASSWORD,
                "-keypass",
                PASSWORD)
            .redirectErrorStream(true)
            .start();
    String said = new String(keytool.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!keytool.waitFor(60, TimeUnit.SECONDS) || keytool.exitValue() != 0) {
      keytool.destroyForcibly();
      throw new IllegalStateException("keytool failed for " + name + ": " + said.strip());
    }
    KeyStore keys = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(store)) {
      keys.load(in, PASSWORD.toCharArray());
    }
    return new SelfSignedCert(
        (X509Certificate) keys.getCertificate(ALIAS),
        (PrivateKey) keys.getKey(ALIAS, PASSWORD.toCharArray()));
  }

  public String certificatePem() throws GeneralSecurityException {
    return pem("CERTIFICATE", certificate.getEncoded());
  }

  public String pkcs8Pem() {
    return pem("PRIVATE KEY", key.getEncoded());
  }

  /** Writes the certificate and the PKCS#8 key, as cert-manager's secret holds them. */
  public void write(Path certFile, Path keyFile) throws IOException, GeneralSecurityException {
    Files.writeString(certFile, certificatePem());
    Files.writeString(keyFile, pkcs8Pem());
  }

  /** A TLS client context that trusts these certificates only. */
  public static SSLContext trusting(List<SelfSignedCert> certs)
      throws IOException, GeneralSecurityException {
    KeyStore trust = KeyStore.getInstance("PKCS12");
    trust.load(null, null);
    for (int i = 0; i < certs.size(); i++) {
      trust.setCertificateEntry("c" + i, certs.get(i).certificate());
    }
    TrustManagerFactory factory =
        TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    factory.init(trust);
    SSLContext context = SSLContext.getInstance("TLS");
    context.init(null, factory.getTrustManagers(), null);
    return context;
  }

  /** DER as PEM: the type's BEGIN and END lines around base64 in lines of 64. */
  public static String pem(String type, byte[] der) {
    return "-----BEGIN "
        + type
        + "-----\n"
        + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(der)
        + "\n-----END "
        + type
        + "-----\n";
  }
}
