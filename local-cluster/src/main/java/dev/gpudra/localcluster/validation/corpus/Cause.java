package dev.gpudra.localcluster.validation.corpus;

import java.util.Comparator;

/** One cause of a 422: the field path and the reason, as in a Status's {@code details.causes[]}. */
public record Cause(String field, String reason) implements Comparable<Cause> {
  private static final Comparator<Cause> ORDER =
      Comparator.comparing(Cause::field).thenComparing(Cause::reason);

  public Cause {
    if (field == null || reason == null || reason.isEmpty()) {
      throw new IllegalArgumentException("a cause needs a field and a reason: " + field);
    }
  }

  @Override
  public int compareTo(Cause other) {
    return ORDER.compare(this, other);
  }

  @Override
  public String toString() {
    return field + " " + reason;
  }
}
