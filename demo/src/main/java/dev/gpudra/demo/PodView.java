package dev.gpudra.demo;

import dev.gpudra.api.featuregates.FeatureGate;
import dev.gpudra.gpu.plugin.GpuPluginConfig;
import dev.gpudra.localcluster.kubelet.RunningPod;
import dev.gpudra.localcluster.scheduler.PlacementDecision.FitsNowhere;
import dev.gpudra.localcluster.scheduler.SchedulerVerdict;
import dev.gpudra.nvml.simulated.GpuSettings;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.fabric8.kubernetes.api.model.PodResourceClaimStatus;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResult;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Reads one pod as it is now: the API's view (node, conditions, claims) and its node's. */
public final class PodView {
  /** The name the report gives kube-scheduler's claim for a pod's extended resources. */
  static final String EXTENDED_RESOURCES = "extended-resources";

  private static final String SCHEDULER_ERROR = "SchedulerError: ";
  private final KubernetesClient client;
  private final Map<String, DemoNode> nodes;
  private final Map<String, DevicePluginNode> pluginNodes;

  PodView(
      KubernetesClient client,
      Map<String, DemoNode> nodes,
      Map<String, DevicePluginNode> pluginNodes) {
    this.client = client;
    this.nodes = nodes;
    this.pluginNodes = pluginNodes;
  }

  Observed observe(String ns, String name) {
    Pod pod = client.pods().inNamespace(ns).withName(name).get();
    Map<String, ResourceClaim> claims = new LinkedHashMap<>();
    claimNames(pod)
        .forEach((podClaim, claimName) -> {
          ResourceClaim claim =
              client.resources(ResourceClaim.class).inNamespace(ns).withName(claimName).get();
          if (claim != null) {
            claims.put(podClaim, claim);
          }
        });
    Optional<String> nodeName = Optional.ofNullable(pod.getSpec().getNodeName());
    return new Observed(ns, pod, claims, nodeName.map(nodes::get), nodeName.map(pluginNodes::get));
  }

  /** A pod and what its node knows of it, at one moment. */
  record Observed(
      String namespace,
      Pod pod,
      Map<String, ResourceClaim> claims,
      Optional<DemoNode> node,
      Optional<DevicePluginNode> pluginNode) {

    String name() {
      return pod.getMetadata().getName();
    }

    String phase() {
      return pod.getStatus() == null || pod.getStatus().getPhase() == null
          ? "Pending"
          : pod.getStatus().getPhase();
    }

    Optional<String> failure() {
      return node.map(DemoNode::pods)
          .or(() -> pluginNode.map(DevicePluginNode::pods))
          .flatMap(p -> p.failure(namespace, name()));
    }

    /** Whether it is bound to a node that runs the classic device plugin. */
    boolean onPluginNode() {
      return pluginNode.isPresent();
    }

    SchedulerVerdict verdict() {
      Optional<String> gaveUp = unschedulable();
      return new SchedulerVerdict(
          Optional.ofNullable(pod.getSpec().getNodeName()),
          gaveUp,
          gaveUp.filter(m -> m.startsWith(SCHEDULER_ERROR)).isPresent());
    }

    /**
     * Running, given up on, or failed to start; on a node whose kubelet is not ours (an existing
     * cluster) bound is as far as we can follow it.
     */
    boolean settled() {
      boolean foreignNode =
          pod.getSpec().getNodeName() != null && node.isEmpty() && pluginNode.isEmpty();
      return ("Running".equals(phase()) && statusReported())
          || unschedulable().isPresent()
          || failure().isPresent()
          || foreignNode;
    }

    /**
     * The scheduler's PodScheduled=False message: Unschedulable (no node fits), or SchedulerError
     * (it aborted, e.g. on a CEL runtime error, and retries with back-off) prefixed with the
     * reason.
     */
    Optional<String> unschedulable() {
      if (pod.getSpec().getNodeName() != null || pod.getStatus() == null) {
        return Optional.empty();
      }
      List<PodCondition> conditions = pod.getStatus().getConditions();
      return conditions == null
          ? Optional.empty()
          : conditions.stream()
              .filter(c -> "PodScheduled".equals(c.getType()) && "False".equals(c.getStatus()))
              .map(PodView::gaveUp)
              .flatMap(Optional::stream)
              .findFirst();
    }

    /**
     * On a node with ClaimDeviceStatus, every GPU of its claims shows in their {@code
     * status.devices}: the plugin writes it just after the prepare that let the pod run.
     */
    private boolean statusReported() {
      boolean gated =
          node.map(n -> n.config().featureGates().enabled(FeatureGate.CLAIM_DEVICE_STATUS))
              .orElse(false);
      if (!gated) {
        return true;
      }
      Map<String, String> ready = deviceReady(claims.values());
      return claims.values().stream()
          .filter(c -> c.getStatus() != null && c.getStatus().getAllocation() != null)
          .flatMap(c -> c.getStatus().getAllocation().getDevices().getResults().stream())
          .filter(d -> GpuPluginConfig.DRIVER_NAME.equals(d.getDriver()))
          .allMatch(d -> ready.containsKey(PodReport.key(d)));
    }

    PodReport report(
        Optional<FitsNowhere> explanation, List<String> disagreements, List<String> feasible) {
      List<DeviceRequestAllocationResult> devices = new ArrayList<>();
      Map<String, String> claimUids = new LinkedHashMap<>();
      claims.values().stream()
          .filter(c -> c.getStatus() != null && c.getStatus().getAllocation() != null)
          .forEach(c ->
              c.getStatus()
                  .getAllocation()
                  .getDevices()
                  .getResults()
                  .forEach(d -> {
                    devices.add(d);
                    claimUids.put(PodReport.key(d), c.getMetadata().getUid());
                  }));
      Map<String, String> claimNames = new LinkedHashMap<>();
      claims.forEach((podClaim, c) -> claimNames.put(podClaim, c.getMetadata().getName()));
      return new PodReport(
          name(),
          phase(),
          Optional.ofNullable(pod.getSpec().getNodeName()),
          claimNames,
          devices,
          claimUids,
          containers(),
          unschedulable(),
          explanation,
          failure(),
          disagreements,
          feasible,
          gpuSettings(devices),
          mpsDaemons(claimUids.values()),
          deviceReady(claims.values()),
          Optional.empty());
    }

    private List<String> mpsDaemons(java.util.Collection<String> claimUids) {
      return node.map(n ->
              claimUids.stream().distinct().flatMap(uid -> n.mpsDaemons(uid).stream()).toList())
          .orElse(List.of());
    }

    private Map<String, GpuSettings> gpuSettings(List<DeviceRequestAllocationResult> devices) {
      Map<String, GpuSettings> settings = new LinkedHashMap<>();
      node.ifPresent(n ->
          devices.stream()
              .filter(d -> GpuPluginConfig.DRIVER_NAME.equals(d.getDriver()))
              .forEach(d ->
                  n.gpuSettings(d.getDevice()).ifPresent(g -> settings.put(PodReport.key(d), g))));
      return settings;
    }

    private Map<String, PodReport.Container> containers() {
      Map<String, PodReport.Container> containers = new LinkedHashMap<>();
      if (pluginNode.isPresent() && "Running".equals(phase())) {
        return PluginContainers.of(pluginNode.get(), pod);
      }
      if (node.isEmpty()) {
        return containers;
      }
      DemoNode n = node.get();
      Optional<RunningPod> running = n.pods().running(namespace, name());
      running.ifPresent(r ->
          r.cdiDevices()
              .forEach((ctr, ids) ->
                  containers.put(
                      ctr,
                      new PodReport.Container(
                          ids, ContainerView.resolve(n.config().cdiRoot(), ids)))));
      return containers;
    }
  }

  /** Each {@code status.devices} entry's {@code Ready} status, by {@code driver/pool/device}. */
  public static Map<String, String> deviceReady(java.util.Collection<ResourceClaim> claims) {
    Map<String, String> ready = new LinkedHashMap<>();
    claims.stream()
        .filter(c -> c.getStatus() != null && c.getStatus().getDevices() != null)
        .flatMap(c -> c.getStatus().getDevices().stream())
        .forEach(d ->
            ready.put(
                d.getDriver() + "/" + d.getPool() + "/" + d.getDevice(),
                Optional.ofNullable(d.getConditions()).orElse(List.of()).stream()
                    .filter(c -> "Ready".equals(c.getType()))
                    .map(c -> c.getStatus())
                    .findFirst()
                    .orElse("none")));
    return ready;
  }

  private static Optional<String> gaveUp(PodCondition condition) {
    String message = condition.getMessage() == null ? "" : condition.getMessage();
    return switch (String.valueOf(condition.getReason())) {
      case "Unschedulable" -> Optional.of(message);
      case "SchedulerError" -> Optional.of(SCHEDULER_ERROR + message);
      default -> Optional.empty();
    };
  }

  private static Map<String, String> claimNames(Pod pod) {
    Map<String, String> names = new LinkedHashMap<>();
    pod.getSpec()
        .getResourceClaims()
        .forEach(c -> {
          if (c.getResourceClaimName() != null) {
            names.put(c.getName(), c.getResourceClaimName());
          }
        });
    if (pod.getStatus() != null && pod.getStatus().getResourceClaimStatuses() != null) {
      for (PodResourceClaimStatus s : pod.getStatus().getResourceClaimStatuses()) {
        if (s.getResourceClaimName() != null) {
          names.put(s.getName(), s.getResourceClaimName());
        }
      }
    }
    // an extended resource (nvidia.com/gpu) served through DRA: kube-scheduler's own claim
    if (pod.getStatus() != null && pod.getStatus().getExtendedResourceClaimStatus() != null) {
      String claim = pod.getStatus().getExtendedResourceClaimStatus().getResourceClaimName();
      if (claim != null) {
        names.put(EXTENDED_RESOURCES, claim);
      }
    }
    return names;
  }
}
