package dev.gpudra.kit.dra;

import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.names.KubeNames;
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
  static final int MAX_UID = 128;

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
    Optional<String> namespace = KubeNames.labelProblem(ref.namespace());
    if (namespace.isPresent()) {
      return Optional.of("namespace " + namespace.get());
    }
    return KubeNames.subdomainProblem(ref.name()).map(problem -> "name " + problem);
  }

  private static String quoted(String value) {
    return KubeNames.quoted(value);
  }
}
