package dev.gpudra.kit.names;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * What the API server accepts as a UID (an RFC 4122 UUID string), a DNS-1123 label (namespaces) and
 * a DNS-1123 subdomain (most object names), each with the one-line reason a value is not one.
 */
public final class KubeNames {
  static final int MAX_LABEL = 63;
  static final int MAX_SUBDOMAIN = 253;
  private static final Pattern UUID =
      Pattern.compile(
          "\\p{XDigit}{8}-\\p{XDigit}{4}-\\p{XDigit}{4}-\\p{XDigit}{4}-\\p{XDigit}{12}");
  private static final Pattern LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?");
  private static final Pattern SUBDOMAIN =
      Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");

  private KubeNames() {}

  public static boolean isUuid(String value) {
    return value != null && value.length() == 36 && UUID.matcher(value).matches();
  }

  public static boolean isLabel(String value) {
    return value != null && value.length() <= MAX_LABEL && LABEL.matcher(value).matches();
  }

  public static boolean isSubdomain(String value) {
    return value != null && value.length() <= MAX_SUBDOMAIN && SUBDOMAIN.matcher(value).matches();
  }

  /** Why {@code value} is no Kubernetes UID, or empty when it is one. */
  public static Optional<String> uuidProblem(String value) {
    return isUuid(value)
        ? Optional.empty()
        : Optional.of(
            quoted(value)
                + " is not a Kubernetes UID (an RFC 4122 UUID such as"
                + " 4b1d3c9e-7f6a-4e2b-9c8d-0a1b2c3d4e5f)");
  }

  /** Why {@code value} is no DNS-1123 label (a namespace), or empty when it is one. */
  public static Optional<String> labelProblem(String value) {
    return isLabel(value)
        ? Optional.empty()
        : Optional.of(
            quoted(value)
                + " is not a DNS-1123 label (at most 63 lower-case letters, digits and '-',"
                + " starting and ending with a letter or digit)");
  }

  /** Why {@code value} is no DNS-1123 subdomain (an object name), or empty when it is one. */
  public static Optional<String> subdomainProblem(String value) {
    return isSubdomain(value)
        ? Optional.empty()
        : Optional.of(
            quoted(value)
                + " is not a DNS-1123 subdomain (at most 253 lower-case letters, digits, '-' and"
                + " '.', starting and ending with a letter or digit)");
  }

  /** Quoted and cut short, so that a megabyte of junk does not become a megabyte of log. */
  public static String quoted(String value) {
    if (value == null) {
      return "null";
    }
    String shown = value.length() > 80 ? value.substring(0, 80) + "..." : value;
    return "\"" + shown.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }
}
