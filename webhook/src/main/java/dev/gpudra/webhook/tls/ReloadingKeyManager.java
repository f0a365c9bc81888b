package dev.gpudra.webhook.tls;

import java.io.IOException;
import java.net.Socket;
import java.nio.file.Path;
import java.security.Principal;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.X509ExtendedKeyManager;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The server side of TLS with the key and certificate of two PEM files, read again when either file
 * changes (looked at when a handshake chooses its key). Each loaded pair has an alias of its own,
 * and the previous pair stays reachable, so a handshake that chose a pair finishes with it while
 * another loads the next. A rotation that cannot be read is logged once and the last good pair
 * kept. Thread-safe.
 */
public final class ReloadingKeyManager extends X509ExtendedKeyManager {
  private static final Logger log = LoggerFactory.getLogger(ReloadingKeyManager.class);

  private final Path certFile;
  private final Path keyFile;
  private final AtomicReference<Loaded> loaded = new AtomicReference<>();
  private final AtomicReference<List<FileStamp>> refused = new AtomicReference<>(List.of());

  /** A pair in use: its generation, the files' stamps when read, and the pair it replaced. */
  private record Loaded(
      int generation, List<FileStamp> stamps, KeyMaterial material, Loaded before) {
    String alias() {
      return "webhook-" + generation;
    }

    /** The next pair; this one stays reachable for handshakes that chose it. */
    Loaded next(List<FileStamp> newStamps, KeyMaterial newMaterial) {
      return new Loaded(
          generation + 1, newStamps, newMaterial, new Loaded(generation, stamps, material, null));
    }
  }

  private ReloadingKeyManager(Path certFile, Path keyFile, Loaded first) {
    this.certFile = certFile;
    this.keyFile = keyFile;
    this.loaded.set(first);
  }

  /**
   * Reads the pair now.
   *
   * @throws TlsMaterialException when the files cannot be used
   */
  public static ReloadingKeyManager load(Path certFile, Path keyFile) {
    Objects.requireNonNull(certFile, "certFile");
    Objects.requireNonNull(keyFile, "keyFile");
    List<FileStamp> stamps;
    try {
      stamps = stamps(certFile, keyFile);
    } catch (IOException e) {
      throw new TlsMaterialException("cannot read " + e.getMessage(), e);
    }
    KeyMaterial material = PemFiles.read(certFile, keyFile);
    return new ReloadingKeyManager(certFile, keyFile, new Loaded(0, stamps, material, null));
  }

  /** The certificate served now (after a look at the files). */
  public X509Certificate certificate() {
    return current().material().chain().get(0);
  }

  private Loaded current() {
    Loaded now = loaded.get();
    List<FileStamp> stamps;
    try {
      stamps = stamps(certFile, keyFile);
    } catch (IOException e) {
      return now;
    }
    if (stamps.equals(now.stamps()) || stamps.equals(refused.get())) {
      return now;
    }
    try {
      KeyMaterial material = PemFiles.read(certFile, keyFile);
      Loaded next = now.next(stamps, material);
      if (loaded.compareAndSet(now, next)) {
        log.info(
            "reloaded the serving certificate {}, valid until {}",
            material.chain().get(0).getSubjectX500Principal(),
            material.chain().get(0).getNotAfter().toInstant());
      }
      return loaded.get();
    } catch (TlsMaterialException e) {
      refused.set(stamps);
      log.warn(
          "kept the serving certificate: the changed files cannot be used: {}", e.getMessage());
      return now;
    }
  }

  private static List<FileStamp> stamps(Path certFile, Path keyFile) throws IOException {
    return List.of(FileStamp.of(certFile), FileStamp.of(keyFile));
  }

  private String choose(String keyType) {
    Loaded now = current();
    return fits(keyType, now.material().key()) ? now.alias() : null;
  }

  /**
   * JSSE asks per key type ({@code RSA}, {@code EC}, {@code EdDSA}, or TLS 1.2's {@code EC_RSA}).
   */
  private static boolean fits(String keyType, PrivateKey key) {
    String type = keyType.contains("_") ? keyType.substring(0, keyType.indexOf('_')) : keyType;
    String algorithm = key.getAlgorithm();
    return type.equals(algorithm) || (type.equals("EdDSA") && algorithm.startsWith("Ed"));
  }

  private KeyMaterial byAlias(String alias) {
    for (Loaded l = loaded.get(); l != null; l = l.before()) {
      if (l.alias().equals(alias)) {
        return l.material();
      }
    }
    return null;
  }

  @Override
  public String chooseEngineServerAlias(String keyType, Principal[] issuers, SSLEngine engine) {
    return choose(keyType);
  }

  @Override
  public String chooseServerAlias(String keyType, Principal[] issuers, Socket socket) {
    return choose(keyType);
  }

  @Override
  public X509Certificate[] getCertificateChain(String alias) {
    KeyMaterial material = byAlias(alias);
    return material == null ? null : material.chainArray();
  }

  @Override
  public PrivateKey getPrivateKey(String alias) {
    KeyMaterial material = byAlias(alias);
    return material == null ? null : material.key();
  }

  @Override
  public String[] getServerAliases(String keyType, Principal[] issuers) {
    String alias = choose(keyType);
    return alias == null ? null : new String[] {alias};
  }

  @Override
  public String[] getClientAliases(String keyType, Principal[] issuers) {
    return null;
  }

  @Override
  public String chooseClientAlias(String[] keyTypes, Principal[] issuers, Socket socket) {
    return null;
  }

  @Override
  public String chooseEngineClientAlias(String[] keyTypes, Principal[] issuers, SSLEngine engine) {
    return null;
  }
}
