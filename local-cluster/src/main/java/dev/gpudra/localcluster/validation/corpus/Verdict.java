package dev.gpudra.localcluster.validation.corpus;

import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * What an API server answered to one case: accepted, or refused with a status code and the causes
 * of its Status. Two verdicts agree when they are equal.
 *
 * @param code 200 when accepted, else the HTTP status (422 for a validation refusal)
 */
public record Verdict(int code, SortedSet<Cause> causes) {
  public static final int ACCEPTED = 200;
  public static final int INVALID = 422;

  public Verdict {
    causes = new TreeSet<>(causes);
    if (code == ACCEPTED && !causes.isEmpty()) {
      throw new IllegalArgumentException("an accepted object has no causes: " + causes);
    }
  }

  public static Verdict accepted() {
    return new Verdict(ACCEPTED, new TreeSet<>());
  }

  /** A 422 Invalid with these causes; none means accepted (how the corpus writes it). */
  public static Verdict invalid(Set<Cause> causes) {
    return causes.isEmpty() ? accepted() : new Verdict(INVALID, new TreeSet<>(causes));
  }

  public boolean isAccepted() {
    return code == ACCEPTED;
  }

  @Override
  public String toString() {
    return isAccepted() ? "accepted" : code + " " + causes;
  }
}
