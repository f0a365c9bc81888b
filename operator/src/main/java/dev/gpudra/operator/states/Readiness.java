package dev.gpudra.operator.states;

import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.api.model.apps.DaemonSetStatus;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * NVIDIA's readiness rules for an operand's DaemonSet and Deployment, stricter in one point: a
 * DaemonSet whose controller has not seen its newest generation is not ready (NVIDIA's reads its
 * empty counts as "schedules nothing"). A DaemonSet that schedules nothing is ready; one with
 * unavailable pods is not; a RollingUpdate DaemonSet is ready once its controller saw the newest
 * generation and every pod is updated and available; an OnDelete DaemonSet (the driver's) once
 * every pod runs the newest revision, Running with all containers ready. A Deployment is ready with
 * no unavailable replica and its pods Running.
 */
public final class Readiness {
  /** The pod label that names the DaemonSet revision a pod runs. */
  public static final String REVISION_HASH = "controller-revision-hash";

  private Readiness() {}

  /**
   * @param daemonSet as read (empty: not created yet)
   * @param pods the DaemonSet's pods (for OnDelete)
   * @param newestRevision the hash of its newest ControllerRevision (for OnDelete)
   */
  public static boolean daemonSetReady(
      Optional<DaemonSet> daemonSet, List<Pod> pods, Optional<String> newestRevision) {
    if (daemonSet.isEmpty() || daemonSet.get().getStatus() == null) {
      return false;
    }
    DaemonSetStatus status = daemonSet.get().getStatus();
    long generation = Optional.ofNullable(daemonSet.get().getMetadata().getGeneration()).orElse(0L);
    if (Optional.ofNullable(status.getObservedGeneration()).orElse(0L) < generation) {
      return false; // its controller has not looked at this generation yet: its counts are old
    }
    if (count(status.getDesiredNumberScheduled()) == 0) {
      return true;
    }
    if (count(status.getNumberUnavailable()) != 0) {
      return false;
    }
    if (isOnDelete(daemonSet.get())) {
      return newestRevision.isPresent()
          && pods.stream().allMatch(p -> runsRevision(p, newestRevision.get()));
    }
    int desired = count(status.getDesiredNumberScheduled());
    return count(status.getUpdatedNumberScheduled()) == desired
        && count(status.getNumberAvailable()) == desired;
  }

  /** A Deployment with no unavailable replica whose pods all run. */
  public static boolean deploymentReady(Optional<Deployment> deployment, List<Pod> pods) {
    if (deployment.isEmpty() || deployment.get().getStatus() == null) {
      return false;
    }
    return count(deployment.get().getStatus().getUnavailableReplicas()) == 0
        && pods.stream().allMatch(p -> "Running".equals(phase(p)));
  }

  private static boolean isOnDelete(DaemonSet daemonSet) {
    return daemonSet.getSpec() != null
        && daemonSet.getSpec().getUpdateStrategy() != null
        && "OnDelete".equals(daemonSet.getSpec().getUpdateStrategy().getType());
  }

  private static boolean runsRevision(Pod pod, String revision) {
    String podRevision =
        pod.getMetadata().getLabels() == null
            ? null
            : pod.getMetadata().getLabels().get(REVISION_HASH);
    List<ContainerStatus> containers =
        pod.getStatus() == null ? List.of() : pod.getStatus().getContainerStatuses();
    return Objects.equals(podRevision, revision)
        && "Running".equals(phase(pod))
        && !containers.isEmpty()
        && containers.stream().allMatch(c -> Boolean.TRUE.equals(c.getReady()));
  }

  private static String phase(Pod pod) {
    return pod.getStatus() == null ? null : pod.getStatus().getPhase();
  }

  private static int count(Integer value) {
    return value == null ? 0 : value;
  }
}
