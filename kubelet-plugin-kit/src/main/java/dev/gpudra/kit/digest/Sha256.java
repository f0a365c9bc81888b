package dev.gpudra.kit.digest;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.NativeLong;
import com.sun.jna.Pointer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * SHA-256, hex, through OpenSSL's libcrypto when the process can load it, else the JDK's. The
 * plugin's JVM runs C1 only, where the JDK's SHA-256 has no intrinsic: about 30 MB/s on the bench
 * machine, 11 ms for the canonical text of 1000 claims, against well under 1 ms in libcrypto (SHA
 * instructions). Both give the same digest (checked by {@code Sha256Test}). {@link
 * dev.gpudra.kit.checkpoint.ChecksummedEnvelope} uses it for large checkpoints only.
 */
public final class Sha256 {
  private static final Logger log = LoggerFactory.getLogger(Sha256.class);

  /** The one libcrypto function used: {@code SHA256(d, n, md)}, stable since OpenSSL 0.9.8. */
  interface LibCrypto extends Library {
    Pointer SHA256(byte[] data, NativeLong length, byte[] digest);
  }

  private final LibCrypto crypto; // null: the JDK's

  private Sha256(LibCrypto crypto) {
    this.crypto = crypto;
  }

  /** libcrypto's when it loads (the image's base has {@code libcrypto.so.3}), else the JDK's. */
  public static Sha256 load() {
    for (String name : new String[] {"libcrypto.so.3", "crypto"}) {
      try {
        return new Sha256(Native.load(name, LibCrypto.class));
      } catch (UnsatisfiedLinkError e) {
        log.debug("cannot load {} for SHA-256: {}", name, e.getMessage());
      }
    }
    log.debug("checkpoint checksums use the JDK's SHA-256");
    return jdk();
  }

  public static Sha256 jdk() {
    return new Sha256(null);
  }

  boolean isNative() {
    return crypto != null;
  }

  public String hex(byte[] data) {
    byte[] digest = new byte[32];
    if (crypto != null) {
      crypto.SHA256(data, new NativeLong(data.length), digest);
    } else {
      try {
        digest = MessageDigest.getInstance("SHA-256").digest(data);
      } catch (NoSuchAlgorithmException e) {
        throw new IllegalStateException("SHA-256 is part of every JDK", e);
      }
    }
    return HexFormat.of().formatHex(digest);
  }
}
