package dev.gpudra.realcluster.node;

import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.Pod;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A failure message's view of pods: each one's phase, image and containers' restarts and waiting
 * reasons. (A pod whose container crashes again and again stays in phase Running.)
 */
final class PodStates {
  private PodStates() {}

  /** For example {@code [plugin-x Running gpu-dra:1 (plugin: 3 restarts, CrashLoopBackOff)]}. */
  static String of(List<Pod> pods) {
    return pods.stream().map(PodStates::of).toList().toString();
  }

  private static String of(Pod pod) {
    List<ContainerStatus> statuses =
        pod.getStatus() == null
            ? List.of()
            : Stream.concat(
                    pod.getStatus().getInitContainerStatuses().stream(),
                    pod.getStatus().getContainerStatuses().stream())
                .toList();
    String phase = pod.getStatus() == null ? "?" : pod.getStatus().getPhase();
    return pod.getMetadata().getName()
        + " "
        + phase
        + " "
        + ChartPlugin.image(pod)
        + statuses.stream().map(PodStates::of).collect(Collectors.joining(", ", " (", ")"));
  }

  private static String of(ContainerStatus status) {
    String waiting =
        status.getState() != null && status.getState().getWaiting() != null
            ? ", " + status.getState().getWaiting().getReason()
            : "";
    return status.getName() + ": " + status.getRestartCount() + " restarts" + waiting;
  }
}
