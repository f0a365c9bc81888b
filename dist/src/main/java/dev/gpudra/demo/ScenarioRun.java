package dev.gpudra.demo;

import dev.gpudra.localcluster.kubelet.RunningPod;
import dev.gpudra.localcluster.scheduler.SchedulerStandIn;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodResourceClaimStatus;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResult;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Applies one scenario's manifests in a namespace named after it, waits until every pod has settled
 * (running, unschedulable, or failed to start) and reports how each pod ended.
 */
final class ScenarioRun {
  private static final Duration SETTLE_TIMEOUT = Duration.ofSeconds(10);

  private final KubernetesClient client;
  private final Map<String, DemoNode> nodes;
  private final SchedulerStandIn scheduler;

  ScenarioRun(KubernetesClient client, Map<String, DemoNode> nodes, SchedulerStandIn scheduler) {
    this.client = client;
    this.nodes = nodes;
    this.scheduler = scheduler;
  }

  /** Applies the scenario and returns its pods' reports by pod name, in manifest order. */
  Map<String, PodReport> run(DemoSpec spec) throws InterruptedException {
    String ns = spec.name();
    client
        .namespaces()
        .resource(new NamespaceBuilder().withNewMetadata().withName(ns).endMetadata().build())
        .create();
    List<HasMetadata> objects =
        client
            .load(new ByteArrayInputStream(spec.manifests().getBytes(StandardCharsets.UTF_8)))
            .items();
    List<String> pods = new ArrayList<>();
    for (HasMetadata object : objects) {
      client.resource(object).inNamespace(ns).create();
      if (object instanceof Pod) {
        pods.add(object.getMetadata().getName());
      }
    }
    long deadline = System.nanoTime() + SETTLE_TIMEOUT.toNanos();
    while (true) {
      Map<String, PodReport> reports = new LinkedHashMap<>();
      pods.forEach(p -> reports.put(p, report(ns, p)));
      if (reports.values().stream().allMatch(ScenarioRun::settled)
          || System.nanoTime() > deadline) {
        return reports;
      }
      Thread.sleep(20);
    }
  }

  private static boolean settled(PodReport pod) {
    return "Running".equals(pod.phase())
        || pod.unschedulable().isPresent()
        || pod.failure().isPresent();
  }

  private PodReport report(String ns, String name) {
    Pod pod = client.pods().inNamespace(ns).withName(name).get();
    Optional<String> node = Optional.ofNullable(pod.getSpec().getNodeName());
    Map<String, String> claims = claimNames(pod);
    List<DeviceRequestAllocationResult> devices = new ArrayList<>();
    for (String claimName : claims.values()) {
      ResourceClaim claim =
          client.resources(ResourceClaim.class).inNamespace(ns).withName(claimName).get();
      if (claim != null && claim.getStatus() != null && claim.getStatus().getAllocation() != null) {
        devices.addAll(claim.getStatus().getAllocation().getDevices().getResults());
      }
    }
    DemoNode demoNode = node.map(nodes::get).orElse(null);
    Optional<RunningPod> running =
        demoNode == null ? Optional.empty() : demoNode.pods.running(ns, name);
    Map<String, PodReport.Container> containers = new LinkedHashMap<>();
    running.ifPresent(r ->
        r.cdiDevices()
            .forEach((ctr, ids) ->
                containers.put(
                    ctr,
                    new PodReport.Container(
                        ids, ContainerView.resolve(demoNode.config.cdiRoot(), ids)))));
    String phase =
        pod.getStatus() == null || pod.getStatus().getPhase() == null
            ? "Pending"
            : pod.getStatus().getPhase();
    return new PodReport(
        name,
        phase,
        node,
        claims,
        devices,
        containers,
        node.isPresent() ? Optional.empty() : scheduler.unschedulable(ns, name),
        demoNode == null ? Optional.empty() : demoNode.pods.failure(ns, name));
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
    return names;
  }
}
