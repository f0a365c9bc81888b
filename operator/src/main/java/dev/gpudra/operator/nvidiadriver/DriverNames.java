package dev.gpudra.operator.nvidiadriver;

import dev.gpudra.api.nvidiadriver.NvidiaDriverType;
import java.nio.charset.StandardCharsets;

/**
 * The name of an NVIDIADriver's DaemonSet for one OS, and its pods' {@code app} label, as NVIDIA's
 * operator names them: {@code nvidia-<driverType>-driver-<os>-<hash>}, the hash of the
 * NVIDIADriver's UID (FNV-1a, 32 bits, in decimal, each digit spelt as Kubernetes' {@code
 * rand.SafeEncodeString} spells it), at most 63 characters (the prefix is cut, the hash kept). A
 * cluster moving from NVIDIA's operator keeps its NVIDIADrivers, so their DaemonSets keep their
 * names.
 */
public final class DriverNames {
  private static final String SAFE = "bcdfghjklmnpqrstvwxz2456789";
  private static final int MAX = 63;

  private DriverNames() {}

  public static String appName(String uid, NvidiaDriverType type, String osTag) {
    String prefix = "nvidia-" + type.label() + "-driver-" + osTag;
    String hash = hash(uid);
    if (prefix.length() + 1 + hash.length() > MAX) {
      prefix = prefix.substring(0, MAX - hash.length() - 1);
    }
    return prefix + "-" + hash;
  }

  /** FNV-1a of the UTF-8 bytes, its decimal digits safe-encoded. */
  static String hash(String value) {
    int hash = 0x811c9dc5;
    for (byte b : value.getBytes(StandardCharsets.UTF_8)) {
      hash ^= b & 0xff;
      hash *= 0x01000193;
    }
    String digits = Long.toString(Integer.toUnsignedLong(hash));
    StringBuilder out = new StringBuilder(digits.length());
    for (char c : digits.toCharArray()) {
      out.append(SAFE.charAt(c % SAFE.length()));
    }
    return out.toString();
  }
}
