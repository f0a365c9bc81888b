package dev.gpudra.localcluster.eviction;

import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.ConditionBuilder;
import java.util.Objects;

/**
 * A DeviceTaintRule's {@code EvictionInProgress} condition, in the words of kube-controller-manager
 * 1.37: {@code True} with {@code PodsPendingEviction} while a {@code NoExecute} rule's pods wait to
 * be deleted, then {@code False} with {@code Completed} (or {@code NotStarted} when it evicted
 * none); {@code NoEffect} for effect {@code None}, with what {@code NoExecute} would do; {@code
 * OtherEffect} otherwise. Pure.
 */
final class RuleCondition {
  private RuleCondition() {}

  /** The condition for {@code rule} given {@code counts}, without its transition time. */
  static Condition of(RuleView rule, RuleCounts counts) {
    String status = "False";
    String reason;
    StringBuilder message = new StringBuilder();
    switch (rule.effect()) {
      case EvictionTimes.NO_EXECUTE -> {
        if (counts.pendingPods() > 0) {
          status = "True";
          reason = "PodsPendingEviction";
          message
              .append(
                  counts.pendingPods() == 1 ? "1 pod needs" : counts.pendingPods() + " pods need")
              .append(" to be evicted in ")
              .append(namespaces(counts.pendingNamespaces()))
              .append('.');
        } else {
          reason = counts.evictedPods() > 0 ? "Completed" : "NotStarted";
        }
      }
      case "None" -> {
        reason = "NoEffect";
        message
            .append(plural(counts.publishedDevices(), "published device", "published devices"))
            .append(" selected. ")
            .append(plural(counts.allocatedDevices(), "allocated device", "allocated devices"))
            .append(" selected. ")
            .append(plural(counts.pendingPods(), "pod", "pods"))
            .append(" would be evicted in ")
            .append(namespaces(counts.pendingNamespaces()))
            .append(
                " if the effect was NoExecute. This information will not be updated again."
                    + " Recreate the DeviceTaintRule to trigger an update.");
      }
      default -> {
        reason = "OtherEffect";
        message.append("Eviction only happens for the NoExecute effect.");
      }
    }
    if (counts.evictedPods() > 0) {
      if (!message.isEmpty()) {
        message.append(' ');
      }
      message
          .append(plural(counts.evictedPods(), "pod", "pods"))
          .append(" evicted since starting the controller.");
    }
    return new ConditionBuilder()
        .withType(RuleView.CONDITION)
        .withStatus(status)
        .withReason(reason)
        .withMessage(message.toString())
        .withObservedGeneration(rule.generation())
        .build();
  }

  /** Whether two conditions say the same, whenever they were set. */
  static boolean same(Condition a, Condition b) {
    return Objects.equals(a.getStatus(), b.getStatus())
        && Objects.equals(a.getReason(), b.getReason())
        && Objects.equals(a.getMessage(), b.getMessage())
        && Objects.equals(a.getObservedGeneration(), b.getObservedGeneration());
  }

  private static String namespaces(long n) {
    return n == 1 ? "1 namespace" : n + " different namespaces";
  }

  private static String plural(long n, String one, String many) {
    return n == 1 ? "1 " + one : n + " " + many;
  }
}
