package dev.gpudra.operator.reconcile;

import dev.gpudra.operator.labels.NodeStack;
import dev.gpudra.operator.migration.GpuPods;
import dev.gpudra.operator.render.DevicePluginDaemonSet;
import dev.gpudra.operator.render.DraKubeletPluginDaemonSet;
import dev.gpudra.operator.render.nvidia.driver.DriverDaemonSet;
import dev.gpudra.operator.render.nvidia.validator.OperatorValidatorDaemonSet;
import dev.gpudra.operator.states.Readiness;
import dev.gpudra.operator.upgrade.DriverPod;
import dev.gpudra.operator.upgrade.NodePod;
import dev.gpudra.operator.upgrade.NodeUpgrade;
import dev.gpudra.operator.upgrade.OperandPod;
import dev.gpudra.operator.upgrade.UpgradeKeys;
import dev.gpudra.operator.upgrade.UpgradeState;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.Pod;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A node as its driver upgrade sees it ({@link NodeUpgrade}), read from the operator's caches: its
 * labels and annotations, the driver DaemonSet's pod on it against the DaemonSet's newest revision,
 * the pods on it, and the operator's validator and GPU plugin pods there.
 */
final class UpgradeView {
  /** The driver of ComputeDomain claims, whose channels the driver upgrade also takes down. */
  static final String COMPUTE_DOMAIN_DRIVER = "compute-domain.nvidia.com";

  private static final int FAILING_RESTARTS = 10;

  private final OperatorCaches caches;
  private final String namespace;

  UpgradeView(OperatorCaches caches, String namespace) {
    this.caches = caches;
    this.namespace = namespace;
  }

  /**
   * The driver pod on {@code node}, if a driver DaemonSet (the ClusterPolicy's, an NVIDIADriver's,
   * or an orphan of either) runs one: NVIDIA's driver pods carry {@code
   * app.kubernetes.io/component=nvidia-driver}, older ones only {@code
   * app=nvidia-driver-daemonset}.
   */
  Optional<Pod> driverPod(String node) {
    return driverPods(node).stream().findFirst();
  }

  private List<Pod> driverPods(String node) {
    return caches.podsOn(node).stream()
        .filter(p -> namespace.equals(p.getMetadata().getNamespace()))
        .filter(p ->
            DriverDaemonSet.NAME.equals(label(p, "app"))
                || DriverDaemonSet.COMPONENT.equals(label(p, DriverDaemonSet.COMPONENT_LABEL)))
        .toList();
  }

  /** A node of the ClusterPolicy's driver. */
  NodeUpgrade of(Node node) {
    return of(node, DriverDaemonSet.NAME, false);
  }

  /**
   * @param daemonSet the driver DaemonSet the node is meant to run
   * @param replaceOthers whether a driver pod that is not that DaemonSet's (the ClusterPolicy's,
   *     orphaned when an NVIDIADriver took over) is replaced as if an upgrade were requested, as
   *     NVIDIA's operator marks such nodes {@code upgrade-required}; else only one of another
   *     DaemonSet is, and an orphan is left to run as NVIDIA's upgrade library leaves it
   */
  NodeUpgrade of(Node node, String daemonSet, boolean replaceOthers) {
    Map<String, String> labels = orEmpty(node.getMetadata().getLabels());
    Map<String, String> annotations = orEmpty(node.getMetadata().getAnnotations());
    String name = node.getMetadata().getName();
    UpgradeState state =
        UpgradeState.of(labels.get(UpgradeKeys.STATE)).orElse(UpgradeState.UPGRADE_REQUIRED);
    Optional<String> newest = caches.newestRevision(namespace, daemonSet);
    List<Pod> pods = caches.podsOn(name);
    // the pod to act on: one that is not the DaemonSet's goes first (while it runs, the
    // DaemonSet's own waits, Pending, behind the driver pods' anti-affinity)
    List<Pod> drivers = driverPods(name);
    Optional<Pod> driver =
        drivers.stream()
            .filter(
                p -> !owner(p, "DaemonSet").map(o -> daemonSet.equals(o.getName())).orElse(false))
            .findFirst()
            .or(() -> drivers.stream().findFirst());
    return new NodeUpgrade(
        name,
        state,
        "true".equals(labels.get(UpgradeKeys.SKIP_NODE)),
        node.getSpec() != null && Boolean.TRUE.equals(node.getSpec().getUnschedulable()),
        nodeReady(node),
        annotations.containsKey(UpgradeKeys.INITIALLY_UNSCHEDULABLE),
        "true".equals(annotations.get(UpgradeKeys.REQUESTED))
            || driver.map(p -> foreign(p, daemonSet, replaceOthers)).orElse(false),
        labels.containsKey(NodeMover.STEP_LABEL),
        seconds(annotations.get(UpgradeKeys.since(state))),
        integer(annotations.get(UpgradeKeys.ATTEMPTS)),
        Optional.ofNullable(annotations.get(UpgradeKeys.FAILURE)),
        Optional.ofNullable(annotations.get(UpgradeKeys.FAILED_REVISION)),
        newest,
        driver.map(p -> driver(p, newest, daemonSet)),
        pods.stream().filter(p -> !drivers.contains(p)).map(this::nodePod).toList(),
        operands(pods, OperatorValidatorDaemonSet.NAME),
        operands(pods, DraKubeletPluginDaemonSet.NAME).stream()
            .findFirst()
            .or(() -> operands(pods, DevicePluginDaemonSet.NAME).stream().findFirst()),
        NodeMover.labelled(labels) != NodeStack.NONE);
  }

  private static boolean foreign(Pod pod, String daemonSet, boolean replaceOthers) {
    Optional<OwnerReference> owner = owner(pod, "DaemonSet");
    return owner.isPresent() ? !daemonSet.equals(owner.get().getName()) : replaceOthers;
  }

  private static DriverPod driver(Pod pod, Optional<String> newest, String daemonSet) {
    boolean orphaned =
        !owner(pod, "DaemonSet").map(o -> daemonSet.equals(o.getName())).orElse(false);
    boolean inSync =
        !orphaned && newest.isPresent() && newest.get().equals(label(pod, Readiness.REVISION_HASH));
    List<ContainerStatus> containers = statuses(pod, false);
    boolean ready =
        "Running".equals(phase(pod))
            && !containers.isEmpty()
            && containers.stream().allMatch(c -> Boolean.TRUE.equals(c.getReady()));
    boolean failing =
        Stream.concat(statuses(pod, true).stream(), containers.stream())
            .anyMatch(c ->
                !Boolean.TRUE.equals(c.getReady())
                    && c.getRestartCount() != null
                    && c.getRestartCount() > FAILING_RESTARTS);
    return new DriverPod(
        pod.getMetadata().getName(),
        inSync,
        orphaned,
        ready,
        failing,
        pod.getMetadata().getDeletionTimestamp() != null,
        ready ? readySince(pod) : Optional.empty(),
        why(pod));
  }

  private NodePod nodePod(Pod pod) {
    boolean terminating = pod.getMetadata().getDeletionTimestamp() != null;
    // a pod being deleted that uses claims may hold them prepared until it is gone, whatever its
    // phase and whatever the API says of its claims by then (the controller unreserves and
    // deletes them as soon as the pod has stopped): the kubelet unprepares them as it finishes
    // with the pod, and removes the pod only then
    boolean gpus =
        GpuPods.of(pod, caches::claim).isPresent()
            || GpuPods.holdsClaimOf(pod, caches::claim, COMPUTE_DOMAIN_DRIVER)
            || terminating && pod.getSpec() != null && !pod.getSpec().getResourceClaims().isEmpty();
    List<OwnerReference> owners = orEmptyList(pod.getMetadata().getOwnerReferences());
    return new NodePod(
        pod.getMetadata().getNamespace(),
        pod.getMetadata().getName(),
        orEmpty(pod.getMetadata().getLabels()),
        phase(pod),
        gpus,
        owner(pod, "DaemonSet").isPresent(),
        owners.stream().anyMatch(o -> Boolean.TRUE.equals(o.getController())),
        pod.getSpec() != null
            && pod.getSpec().getVolumes().stream().anyMatch(v -> v.getEmptyDir() != null),
        orEmpty(pod.getMetadata().getAnnotations()).containsKey("kubernetes.io/config.mirror"),
        terminating);
  }

  /** The operator's pods labelled {@code app=<app>} on the node. */
  private List<OperandPod> operands(List<Pod> pods, String app) {
    return pods.stream()
        .filter(p -> namespace.equals(p.getMetadata().getNamespace()))
        .filter(p -> app.equals(label(p, "app")))
        .map(p ->
            new OperandPod(
                p.getMetadata().getName(),
                readySince(p).isPresent(),
                p.getMetadata().getCreationTimestamp() == null
                    ? Instant.EPOCH
                    : Instant.parse(p.getMetadata().getCreationTimestamp()),
                p.getMetadata().getDeletionTimestamp() != null))
        .toList();
  }

  /** When the pod's Ready condition turned true, if it is true. */
  private static Optional<Instant> readySince(Pod pod) {
    if (pod.getStatus() == null) {
      return Optional.empty();
    }
    return pod.getStatus().getConditions().stream()
        .filter(c -> "Ready".equals(c.getType()) && "True".equals(c.getStatus()))
        .map(c ->
            c.getLastTransitionTime() == null
                ? Instant.EPOCH
                : Instant.parse(c.getLastTransitionTime()))
        .findFirst();
  }

  /** What keeps the pod from being ready, as the kubelet says it. */
  private static String why(Pod pod) {
    List<String> reasons = new ArrayList<>();
    for (ContainerStatus c :
        Stream.concat(statuses(pod, true).stream(), statuses(pod, false).stream()).toList()) {
      if (Boolean.TRUE.equals(c.getReady())) {
        continue;
      }
      String reason =
          c.getState() == null
              ? null
              : c.getState().getWaiting() != null
                  ? c.getState().getWaiting().getReason()
                  : c.getState().getTerminated() != null
                      ? c.getState().getTerminated().getReason()
                      : c.getState().getRunning() != null ? "running, not ready" : null;
      if (reason != null) {
        reasons.add(
            "container " + c.getName() + ": " + reason + " (" + c.getRestartCount() + " restarts)");
      }
    }
    return reasons.isEmpty() ? "phase " + phase(pod) : String.join("; ", reasons);
  }

  private static List<ContainerStatus> statuses(Pod pod, boolean init) {
    if (pod.getStatus() == null) {
      return List.of();
    }
    return init
        ? pod.getStatus().getInitContainerStatuses()
        : pod.getStatus().getContainerStatuses();
  }

  private static boolean nodeReady(Node node) {
    return node.getStatus() == null
        || node.getStatus().getConditions().stream()
            .filter(c -> "Ready".equals(c.getType()))
            .allMatch(c -> "True".equals(c.getStatus()));
  }

  private static Optional<OwnerReference> owner(Pod pod, String kind) {
    return orEmptyList(pod.getMetadata().getOwnerReferences()).stream()
        .filter(o -> kind.equals(o.getKind()))
        .findFirst();
  }

  private static Optional<Instant> seconds(String value) {
    try {
      return value == null
          ? Optional.empty()
          : Optional.of(Instant.ofEpochSecond(Long.parseLong(value)));
    } catch (NumberFormatException e) {
      return Optional.empty(); // a clock the operator cannot read starts again now
    }
  }

  private static int integer(String value) {
    try {
      return value == null ? 0 : Math.max(0, Integer.parseInt(value));
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  private static String phase(Pod pod) {
    return pod.getStatus() == null ? "" : Objects.toString(pod.getStatus().getPhase(), "");
  }

  private static String label(Pod pod, String key) {
    return orEmpty(pod.getMetadata().getLabels()).get(key);
  }

  private static Map<String, String> orEmpty(Map<String, String> map) {
    return map == null ? Map.of() : map;
  }

  private static <T> List<T> orEmptyList(List<T> list) {
    return list == null ? List.of() : list;
  }
}
