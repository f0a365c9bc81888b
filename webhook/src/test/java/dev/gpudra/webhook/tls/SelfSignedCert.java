package dev.gpudra.webhook.tls;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * A self-signed certificate for 127.0.0.1 and localhost made by the JDK's {@code keytool} (a child
 * process), with its key; the tests write them as PEM, as cert-manager would.
 */
public record SelfSignedCert(X509Certificate certificate, PrivateKey key) {
  private static final char[] PASSWORD = "changeit".toCharArray();

  /**
   * @param keyAlgorithm {@code RSA} or {@code EC}
   */
  public static SelfSignedCert generate(Path dir, String name, String keyAlgorithm)
      throws Exception {
    Path store = dir.resolve(name + ".p12");
    Process keytool =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair",
                "-alias",
                "k",
                "-keyalg",
                keyAlgorithm,
                "-keysize",
                keyAlgorithm.equals("RSA") ? "2048" : "256",
                "-dname",
                "CN=" + name,
                "-ext",
                "SAN=ip:127.0.0.1,dns:localhost",
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
    if (!keytool.waitFor(60, TimeUnit.SECONDS) || keytool.exitValue() != 0) {
      throw new IllegalStateException("keytool failed: " + said);
    }
    KeyStore keys = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(store)) {
      keys.load(in, PASSWORD);
    }
    return new SelfSignedCert(
        (X509Certificate) keys.getCertificate("k"), (PrivateKey) keys.getKey("k", PASSWORD));
  }

  public String certificatePem() throws Exception {
    return pem("CERTIFICATE", certificate.getEncoded());
  }

  public String pkcs8Pem() {
    return pem("PRIVATE KEY", key.getEncoded());
  }

  /** Writes the certificate and the PKCS#8 key, as cert-manager's secret holds them. */
  public void write(Path certFile, Path keyFile) throws Exception {
    Files.writeString(certFile, certificatePem());
    Files.writeString(keyFile, pkcs8Pem());
  }

  /** A TLS client context that trusts these certificates only. */
  public static SSLContext trusting(List<SelfSignedCert> certs) throws Exception {
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
