package dev.gpudra.controller.status;

import dev.gpudra.api.computedomain.ComputeDomainNode;
import dev.gpudra.api.computedomain.DomainStatus;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.ConditionBuilder;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.Pod;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Beyond NVIDIA's: conditions that say why a domain is not Ready, from what the controller sees.
 * {@code Ready} names the nodes not ready or the nodes still missing; {@code DaemonsRunning} names
 * each daemon pod that is pending or restarting and why. A condition keeps its transition time
 * while its status stays.
 */
final class DomainConditions {
  static final String READY = "Ready";
  static final String DAEMONS_RUNNING = "DaemonsRunning";

  private DomainConditions() {}

  static Condition ready(
      boolean ready,
      List<ComputeDomainNode> nodes,
      int wanted,
      List<Condition> previous,
      Instant now) {
    List<String> notReady =
        nodes.stream()
            .filter(n -> n.status() != DomainStatus.READY)
            .map(n -> n.name() + (n.cliqueID().isEmpty() ? "" : " (clique " + n.cliqueID() + ")"))
            .toList();
    String reason;
    String message;
    if (!notReady.isEmpty()) {
      reason = "IMEXNotReady";
      message = "IMEX is not ready on " + String.join(", ", notReady);
    } else if (nodes.size() < wanted) {
      reason = "WaitingForNodes";
      message = nodes.size() + " of " + wanted + " nodes (numNodes) joined";
    } else {
      reason = "AllNodesReady";
      message =
          nodes.isEmpty()
              ? "no node joined yet; numNodes 0 needs none"
              : nodes.size() + " nodes ready";
    }
    return condition(new Verdict(READY, ready, reason, message), previous, now);
  }

  static Condition daemonsRunning(List<Pod> pods, List<Condition> previous, Instant now) {
    List<String> troubled = new ArrayList<>();
    for (Pod pod : pods) {
      trouble(pod).ifPresent(troubled::add);
    }
    return troubled.isEmpty()
        ? condition(
            new Verdict(DAEMONS_RUNNING, true, "Running", pods.size() + " daemon pods running"),
            previous,
            now)
        : condition(
            new Verdict(
                DAEMONS_RUNNING, false, "DaemonPodsNotRunning", String.join("; ", troubled)),
            previous,
            now);
  }

  /** Why the pod is not running its daemon, if it is not. */
  private static java.util.Optional<String> trouble(Pod pod) {
    String where = "pod " + pod.getMetadata().getName() + " on " + pod.getSpec().getNodeName();
    String phase = pod.getStatus() == null ? "Pending" : pod.getStatus().getPhase();
    List<ContainerStatus> statuses =
        pod.getStatus() == null || pod.getStatus().getContainerStatuses() == null
            ? List.of()
            : pod.getStatus().getContainerStatuses();
    for (ContainerStatus status : statuses) {
      if (status.getState() != null && status.getState().getWaiting() != null) {
        var waiting = status.getState().getWaiting();
        return java.util.Optional.of(
            where
                + ": "
                + waiting.getReason()
                + (waiting.getMessage() == null ? "" : " (" + waiting.getMessage() + ")")
                + restarts(status));
      }
    }
    if (!"Running".equals(phase)) {
      return java.util.Optional.of(where + ": " + (phase == null ? "Pending" : phase));
    }
    return java.util.Optional.empty();
  }

  private static String restarts(ContainerStatus status) {
    Integer count = status.getRestartCount();
    if (count == null || count == 0) {
      return "";
    }
    var last = status.getLastState() == null ? null : status.getLastState().getTerminated();
    return ", restarted "
        + count
        + " times"
        + (last == null
            ? ""
            : ", last exit code "
                + last.getExitCode()
                + (last.getMessage() == null ? "" : ": " + last.getMessage().strip()));
  }

  /** A condition's type, status, reason and message, before its transition time is known. */
  record Verdict(String type, boolean status, String reason, String message) {}

  /**
   * The condition; its transition time is kept from {@code previous} when the status is the same.
   */
  static Condition condition(Verdict verdict, List<Condition> previous, Instant now) {
    String type = verdict.type();
    String value = verdict.status() ? "True" : "False";
    String since =
        previous.stream()
            .filter(c -> type.equals(c.getType()) && value.equals(c.getStatus()))
            .map(Condition::getLastTransitionTime)
            .findFirst()
            .orElse(now.toString());
    return new ConditionBuilder()
        .withType(type)
        .withStatus(value)
        .withReason(verdict.reason())
        .withMessage(verdict.message())
        .withLastTransitionTime(since)
        .build();
  }
}
