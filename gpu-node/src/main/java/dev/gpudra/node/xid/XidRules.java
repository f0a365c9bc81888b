package dev.gpudra.node.xid;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which XIDs are ignored and which are fatal; every other XID is transient.
 *
 * @param ignored NVIDIA's application errors plus {@code --additional-xids-to-ignore}
 * @param fatal XIDs whose resolution is a GPU reset, a node reboot or service
 */
public record XidRules(Set<Long> ignored, Set<Long> fatal) {
  /** NVIDIA's plugin's ignore list: application errors, not GPU degradation. */
  public static final Set<Long> NVIDIA_IGNORED = Set.of(13L, 31L, 43L, 45L, 68L, 109L);

  /**
   * XIDs that need a GPU reset or more, by NVIDIA's XID catalog: double-bit ECC (48), internal
   * micro-controller halt (62), row remapping/page retirement events and failures (63, 64), NVLink
   * error (74), fallen off the bus (79), high single-bit ECC rate (92), contained and uncontained
   * ECC errors (94, 95), GSP RPC timeout and error (119, 120), unrecovered ECC error (140).
   */
  public static final Set<Long> DEFAULT_FATAL =
      Set.of(48L, 62L, 63L, 64L, 74L, 79L, 92L, 94L, 95L, 119L, 120L, 140L);

  public XidRules {
    ignored = Set.copyOf(new TreeSet<>(ignored));
    fatal = Set.copyOf(new TreeSet<>(fatal));
  }

  /** NVIDIA's ignore list plus {@code additionalIgnored}, and {@code fatal}. */
  public static XidRules of(Collection<Long> additionalIgnored, Collection<Long> fatal) {
    Set<Long> ignored = new TreeSet<>(NVIDIA_IGNORED);
    ignored.addAll(additionalIgnored);
    return new XidRules(ignored, Set.copyOf(fatal));
  }

  /**
   * Parses a comma-separated XID list ({@code "13, 48,79"}); empty entries are skipped.
   *
   * @param what the flag and variable, for the message
   * @throws IllegalArgumentException naming {@code what} and the entry that is not an XID
   */
  public static List<Long> parse(String text, String what) {
    List<Long> xids = new ArrayList<>();
    if (text == null) {
      return xids;
    }
    for (String part : text.split(",", -1)) {
      String entry = part.strip();
      if (entry.isEmpty()) {
        continue;
      }
      if (!entry.matches("[0-9]{1,10}")) {
        throw new IllegalArgumentException(
            what + ": \"" + entry + "\" is not an XID (a non-negative integer)");
      }
      xids.add(Long.parseLong(entry));
    }
    return xids;
  }

  /** An ignored XID stays ignored even when it is also listed as fatal. */
  public XidSeverity classify(long xid) {
    if (ignored.contains(xid)) {
      return XidSeverity.IGNORED;
    }
    return fatal.contains(xid) ? XidSeverity.FATAL : XidSeverity.TRANSIENT;
  }
}
