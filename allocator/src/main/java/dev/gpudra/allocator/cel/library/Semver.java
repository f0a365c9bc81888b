package dev.gpudra.allocator.cel.library;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A semantic version 2.0.0, the CEL type {@code kubernetes.Semver}. Equality and ordering follow
 * semver precedence: build metadata is ignored, so {@code 1.0.0+a} equals {@code 1.0.0+b}.
 *
 * @param major major version
 * @param minor minor version
 * @param patch patch version
 * @param preRelease dot-separated pre-release identifiers, empty for a release
 * @param build build metadata identifiers, never part of equality
 */
public record Semver(
    long major, long minor, long patch, List<String> preRelease, List<String> build)
    implements Comparable<Semver> {

  private static final String NUM = "0|[1-9]\\d*";
  private static final String PRE_ID = NUM + "|\\d*[a-zA-Z-][0-9a-zA-Z-]*";
  private static final Pattern STRICT =
      Pattern.compile(
          "(%1$s)\\.(%1$s)\\.(%1$s)(?:-((?:%2$s)(?:\\.(?:%2$s))*))?(?:\\+([0-9a-zA-Z-]+(?:\\.[0-9a-zA-Z-]+)*))?"
              .formatted(NUM, PRE_ID));
  private static final Pattern LOOSE_CORE = Pattern.compile("(\\d+)(?:\\.(\\d+))?(?:\\.(\\d+))?");

  public Semver {
    if (major < 0 || minor < 0 || patch < 0) {
      throw new IllegalArgumentException("semver numbers must not be negative");
    }
    preRelease = List.copyOf(preRelease);
    build = List.copyOf(build);
  }

  /** Parses a strict semver 2.0.0 string (no leading {@code v}, no leading zeros). */
  public static Optional<Semver> parse(String text) {
    Matcher m = STRICT.matcher(text);
    if (!m.matches()) {
      return Optional.empty();
    }
    try {
      return Optional.of(
          new Semver(
              Long.parseLong(m.group(1)),
              Long.parseLong(m.group(2)),
              Long.parseLong(m.group(3)),
              identifiers(m.group(4)),
              identifiers(m.group(5))));
    } catch (NumberFormatException tooLarge) {
      return Optional.empty();
    }
  }

  /**
   * Parses after Kubernetes' normalisation: strips a leading {@code v}, fills a missing minor or
   * patch with 0 and drops leading zeros from the three numbers ({@code v1.01} is {@code 1.1.0}).
   */
  public static Optional<Semver> parseNormalized(String text) {
    String s = text.startsWith("v") ? text.substring(1) : text;
    int suffixAt = firstIndexOfAny(s, '-', '+');
    String core = suffixAt < 0 ? s : s.substring(0, suffixAt);
    String suffix = suffixAt < 0 ? "" : s.substring(suffixAt);
    Matcher m = LOOSE_CORE.matcher(core);
    if (!m.matches()) {
      return Optional.empty();
    }
    String normalized =
        "%s.%s.%s%s".formatted(number(m.group(1)), number(m.group(2)), number(m.group(3)), suffix);
    return parse(normalized);
  }

  @Override
  public int compareTo(Semver other) {
    int c = Long.compare(major, other.major);
    if (c == 0) {
      c = Long.compare(minor, other.minor);
    }
    if (c == 0) {
      c = Long.compare(patch, other.patch);
    }
    return c != 0 ? c : comparePreRelease(preRelease, other.preRelease);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Semver other && compareTo(other) == 0;
  }

  @Override
  public int hashCode() {
    return Objects.hash(major, minor, patch, preRelease);
  }

  @Override
  public String toString() {
    String pre = preRelease.isEmpty() ? "" : "-" + String.join(".", preRelease);
    String meta = build.isEmpty() ? "" : "+" + String.join(".", build);
    return "%d.%d.%d%s%s".formatted(major, minor, patch, pre, meta);
  }

  private static int comparePreRelease(List<String> a, List<String> b) {
    if (a.isEmpty() || b.isEmpty()) {
      return Boolean.compare(a.isEmpty(), b.isEmpty());
    }
    for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
      int c = compareIdentifier(a.get(i), b.get(i));
      if (c != 0) {
        return c;
      }
    }
    return Integer.compare(a.size(), b.size());
  }

  private static int compareIdentifier(String a, String b) {
    boolean aNumeric = a.chars().allMatch(Character::isDigit);
    boolean bNumeric = b.chars().allMatch(Character::isDigit);
    if (aNumeric && bNumeric) {
      return a.length() != b.length() ? Integer.compare(a.length(), b.length()) : a.compareTo(b);
    }
    if (aNumeric != bNumeric) {
      return aNumeric ? -1 : 1;
    }
    return a.compareTo(b);
  }

  private static List<String> identifiers(String dotted) {
    return dotted == null ? List.of() : List.of(dotted.split("\\."));
  }

  private static String number(String digits) {
    if (digits == null) {
      return "0";
    }
    String stripped = digits.replaceFirst("^0+", "");
    return stripped.isEmpty() ? "0" : stripped;
  }

  private static int firstIndexOfAny(String s, char a, char b) {
    int i = s.indexOf(a);
    int j = s.indexOf(b);
    return i < 0 ? j : (j < 0 ? i : Math.min(i, j));
  }
}
