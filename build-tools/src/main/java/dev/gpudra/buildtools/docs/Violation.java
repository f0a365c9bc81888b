package dev.gpudra.buildtools.docs;

import java.util.Comparator;
import java.util.Objects;

/**
 * One broken rule: where, as a path relative to the repository root and a 1-based line, and what.
 */
public record Violation(String file, int line, String message) implements Comparable<Violation> {
  private static final Comparator<Violation> ORDER =
      Comparator.comparing(Violation::file)
          .thenComparingInt(Violation::line)
          .thenComparing(Violation::message);

  public Violation {
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(message, "message");
    if (line < 1) {
      throw new IllegalArgumentException("line " + line + " of " + file + " (lines count from 1)");
    }
  }

  @Override
  public int compareTo(Violation other) {
    return ORDER.compare(this, other);
  }

  /** {@code file:line: message}, as compilers print, so editors and terminals link to it. */
  @Override
  public String toString() {
    return file + ":" + line + ": " + message;
  }
}
