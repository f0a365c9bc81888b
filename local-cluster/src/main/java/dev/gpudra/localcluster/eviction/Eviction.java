package dev.gpudra.localcluster.eviction;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * When a claim's (or a pod's) time is up, and the taints that end it.
 *
 * @param when the earliest time a taint does not tolerate any more
 * @param reasons every evicting taint that applies, each once
 */
record Eviction(Instant when, List<EvictingTaint> reasons) {
  Eviction {
    Objects.requireNonNull(when, "when");
    reasons = List.copyOf(reasons);
  }

  /** The earlier time of the two, with the reasons of both. */
  Eviction join(Eviction other) {
    List<EvictingTaint> all = new ArrayList<>(reasons);
    other.reasons.stream().filter(r -> !all.contains(r)).forEach(all::add);
    return new Eviction(
        when.isBefore(other.when) ? when : other.when,
        all.stream().sorted(Comparator.comparing(EvictingTaint::describe)).toList());
  }

  boolean due(Instant now) {
    return !when.isAfter(now);
  }

  boolean causedBy(String ruleUid) {
    return reasons.stream().anyMatch(r -> r.ruleUid().filter(ruleUid::equals).isPresent());
  }
}
