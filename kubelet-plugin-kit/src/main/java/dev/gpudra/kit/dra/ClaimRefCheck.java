package dev.gpudra.kit.dra;

import dev.gpudra.kit.ClaimRef;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Checks a claim reference from a DRA call before it reaches an API URL, a file name or the
 * checkpoint: the namespace must be a DNS-1123 label, the name a DNS-1123 subdomain (as the API
 * server requires of every ResourceClaim), and the UID must be of a UUID's alphabet (it becomes
 * part of CDI device names and file names). A name such as {@code real/status} or {@code
 * real?watch=true} would otherwise address another resource.
 */
public final class ClaimRefCheck {
  static final int MAX_LABEL = 63;
  static final int MAX_SUBDOMAIN = 253;
  static final int MAX_UID = 128;
  private static final Pattern LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?");
  private static final Pattern SUBDOMAIN =
      Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");

  /**
   * What a UID may hold: the API server's UUIDs and anything of the same alphabet, which is what
   * CDI device names and spec file names (built from the UID) allow.
   */
  private static final Pattern UID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.:-]*");

  /** Why the reference is unusable, or empty when it is fine. */
  public Optional<String> problem(ClaimRef ref) {
    if (!UID.matcher(ref.uid()).matches() || ref.uid().length() > MAX_UID) {
      return Optional.of(
          "uid "
              + quoted(ref.uid())
              + " is not a UID: it must be 1 to "
              + MAX_UID
              + " letters, digits, '-', '_', '.' or ':', starting with a letter or digit (as"
              + " a UUID)");
    }
    if (ref.namespace().length() > MAX_LABEL || !LABEL.matcher(ref.namespace()).matches()) {
      return Optional.of(
          "namespace "
              + quoted(ref.namespace())
              + " is not a DNS-1123 label (at most 63 lower-case letters, digits and '-',"
              + " starting and ending with a letter or digit)");
    }
    if (ref.name().length() > MAX_SUBDOMAIN || !SUBDOMAIN.matcher(ref.name()).matches()) {
      return Optional.of(
          "name "
              + quoted(ref.name())
              + " is not a DNS-1123 subdomain (at most 253 lower-case letters, digits, '-' and"
              + " '.', starting and ending with a letter or digit)");
    }
    return Optional.empty();
  }

  /** Quoted and cut short, so that a megabyte of junk does not become a megabyte of log. */
  private static String quoted(String value) {
    String shown = value.length() > 80 ? value.substring(0, 80) + "..." : value;
    return "\"" + shown.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }
}
