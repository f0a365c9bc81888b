package dev.gpudra.localcluster.kubelet;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.ContainerStatusBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.fabric8.kubernetes.api.model.PodConditionBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.net.HttpURLConnection;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The pod status the kubelet's status manager writes: Running with one status per container and the
 * Ready / ContainersReady conditions from the runtime's probes, or Pending with why the pod cannot
 * start. A write lost to a conflict is left to the next pass (level-triggered).
 */
final class PodStatuses {
  private static final Logger log = LoggerFactory.getLogger(PodStatuses.class);

  private final KubernetesClient client;
  private final Clock clock;

  PodStatuses(KubernetesClient client, Clock clock) {
    this.client = Objects.requireNonNull(client, "client");
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  /** Whether the written status differs from Running with this readiness per container. */
  static boolean stale(Pod pod, Map<String, Boolean> ready) {
    if (pod.getStatus() == null || !"Running".equals(pod.getStatus().getPhase())) {
      return true;
    }
    List<ContainerStatus> statuses = pod.getStatus().getContainerStatuses();
    if (statuses == null || statuses.size() != ready.size()) {
      return true;
    }
    return statuses.stream()
        .anyMatch(s -> !Objects.equals(ready.get(s.getName()), Boolean.TRUE.equals(s.getReady())));
  }

  /** Running; each container's readiness as given (container name to ready). */
  void running(Pod pod, Map<String, Boolean> ready) {
    String now = clock.instant().toString();
    boolean all = ready.values().stream().allMatch(Boolean::booleanValue);
    List<ContainerStatus> statuses = new ArrayList<>();
    for (Container c : pod.getSpec().getContainers()) {
      statuses.add(
          new ContainerStatusBuilder()
              .withName(c.getName())
              .withImage(c.getImage())
              .withImageID("")
              .withRestartCount(0)
              .withStarted(true)
              .withReady(ready.getOrDefault(c.getName(), false))
              .withNewState()
              .withNewRunning(now)
              .endState()
              .build());
    }
    edit(
        pod,
        p ->
            new PodBuilder(p)
                .editOrNewStatus()
                .withPhase("Running")
                .withMessage(null)
                .withReason(null)
                .withStartTime(
                    p.getStatus() == null || p.getStatus().getStartTime() == null
                        ? now
                        : p.getStatus().getStartTime())
                .withContainerStatuses(statuses)
                .withConditions(conditions(p, all, now))
                .endStatus()
                .build());
  }

  /** Pending, with the prepare error as its message. */
  void failed(Pod pod, String error) {
    edit(
        pod,
        p ->
            new PodBuilder(p)
                .editOrNewStatus()
                .withPhase("Pending")
                .withReason("ContainerCreating")
                .withMessage(error)
                .endStatus()
                .build());
  }

  /** The pod's conditions with Ready and ContainersReady set; a status already right is kept. */
  private static List<PodCondition> conditions(Pod pod, boolean ready, String now) {
    List<PodCondition> existing =
        pod.getStatus() == null || pod.getStatus().getConditions() == null
            ? List.of()
            : pod.getStatus().getConditions();
    Map<String, PodCondition> byType =
        existing.stream()
            .collect(
                Collectors.toMap(
                    PodCondition::getType, c -> c, (a, b) -> a, java.util.LinkedHashMap::new));
    String status = ready ? "True" : "False";
    for (String type : List.of("Ready", "ContainersReady")) {
      PodCondition old = byType.get(type);
      if (old == null || !status.equals(old.getStatus())) {
        byType.put(
            type,
            new PodConditionBuilder()
                .withType(type)
                .withStatus(status)
                .withLastTransitionTime(now)
                .build());
      }
    }
    return new ArrayList<>(byType.values());
  }

  private void edit(Pod pod, UnaryOperator<Pod> edit) {
    try {
      client
          .pods()
          .inNamespace(pod.getMetadata().getNamespace())
          .withName(pod.getMetadata().getName())
          .editStatus(edit);
    } catch (KubernetesClientException e) {
      if (e.getCode() != HttpURLConnection.HTTP_CONFLICT
          && e.getCode() != HttpURLConnection.HTTP_NOT_FOUND) {
        throw e;
      }
      // written meanwhile (the next pass writes again) or deleted (nothing to write)
      log.debug(
          "status of pod {}/{} not written: {}",
          pod.getMetadata().getNamespace(),
          pod.getMetadata().getName(),
          e.getCode());
    }
  }
}
