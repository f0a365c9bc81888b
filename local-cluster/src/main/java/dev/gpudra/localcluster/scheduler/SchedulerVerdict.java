package dev.gpudra.localcluster.scheduler;

import java.util.Objects;
import java.util.Optional;

/**
 * What a scheduler decided for a pod, as read back from the API.
 *
 * @param node the node it bound the pod to, if it did
 * @param unschedulableMessage its PodScheduled=False message, if it gave up
 * @param aborted whether it gave up on an error (reason SchedulerError), not for want of a node
 */
public record SchedulerVerdict(
    Optional<String> node, Optional<String> unschedulableMessage, boolean aborted) {
  public SchedulerVerdict {
    Objects.requireNonNull(node, "node");
    Objects.requireNonNull(unschedulableMessage, "unschedulableMessage");
  }

  /** Neither bound nor given up on (yet). */
  public boolean undecided() {
    return node.isEmpty() && unschedulableMessage.isEmpty();
  }
}
