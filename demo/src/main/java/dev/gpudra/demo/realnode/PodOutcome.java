package dev.gpudra.demo.realnode;

import dev.gpudra.demo.MetadataSeen;
import dev.gpudra.demo.PodView;
import dev.gpudra.gpu.mps.MpsDaemon;
import dev.gpudra.localcluster.scheduler.PodClaim;
import dev.gpudra.realcluster.node.RealNode;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResult;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Waits for one pod to report from every container, or to be refused by the scheduler, and prints
 * the outcome: the devices each claim got and what each container saw. While it waits, a node
 * process that exits ends the wait.
 */
final class PodOutcome {
  private final KubernetesClient client;
  private final RealNode node;
  private final PrintWriter out;
  private final Runnable alive;

  /**
   * @param alive throws when a process of the node or the control plane has exited
   */
  PodOutcome(KubernetesClient client, RealNode node, PrintWriter out, Runnable alive) {
    this.client = client;
    this.node = node;
    this.out = out;
    this.alive = alive;
  }

  /** How the pod ended: reported, refused by the scheduler, or neither by the deadline. */
  RealPod await(Pod created, Instant deadline) throws InterruptedException {
    String name = created.getMetadata().getName();
    while (Instant.now().isBefore(deadline)) {
      alive.run();
      Pod pod = current(created);
      Optional<String> refused = refused(pod).filter(m -> m.contains("nodes are available"));
      if (refused.isPresent()) {
        out.printf("  pod %s: not scheduled: %s%n", name, refused.get());
        return observed(pod, refused, Map.of());
      }
      if (reported(pod)) {
        Map<String, ContainerReport> reports = reports(pod);
        print(pod, reports);
        return observed(pod, Optional.empty(), reports);
      }
      Thread.sleep(100);
    }
    Pod pod = current(created);
    out.printf(
        "  pod %s: no report within the time allowed (phase %s); see %s%n",
        name, pod.getStatus() == null ? "none" : pod.getStatus().getPhase(), node.layout().logs());
    return observed(pod, Optional.empty(), Map.of());
  }

  private RealPod observed(
      Pod pod, Optional<String> refusal, Map<String, ContainerReport> containers) {
    return new RealPod(
        pod.getMetadata().getName(),
        refusal,
        Optional.ofNullable(pod.getSpec().getNodeName()),
        devices(pod),
        containers,
        mpsDaemons(pod),
        PodView.deviceReady(claimObjects(pod)));
  }

  /**
   * The MPS control daemons the plugin runs for the pod's claims ({@code
   * mps-control-daemon-<claimUID>-<hash>} in any namespace), each with whether it is ready.
   */
  private List<String> mpsDaemons(Pod pod) {
    List<String> prefixes =
        claimObjects(pod).stream()
            .map(c -> MpsDaemon.NAME_PREFIX + c.getMetadata().getUid() + "-")
            .toList();
    if (prefixes.isEmpty()) {
      return List.of();
    }
    return client.apps().deployments().inAnyNamespace().list().getItems().stream()
        .filter(d -> prefixes.stream().anyMatch(d.getMetadata().getName()::startsWith))
        .map(d -> {
          Integer ready = d.getStatus() == null ? null : d.getStatus().getReadyReplicas();
          return d.getMetadata().getName() + (ready != null && ready > 0 ? " ready" : " pending");
        })
        .sorted()
        .toList();
  }

  private Pod current(Pod pod) {
    return client
        .pods()
        .inNamespace(pod.getMetadata().getNamespace())
        .withName(pod.getMetadata().getName())
        .get();
  }

  private static Optional<String> refused(Pod pod) {
    if (pod.getStatus() == null || pod.getStatus().getConditions() == null) {
      return Optional.empty();
    }
    return pod.getStatus().getConditions().stream()
        .filter(c -> "PodScheduled".equals(c.getType()) && "False".equals(c.getStatus()))
        .map(PodCondition::getMessage)
        .filter(java.util.Objects::nonNull)
        .findFirst();
  }

  private boolean reported(Pod pod) {
    return pod.getSpec().getNodeName() != null
        && pod.getSpec().getContainers().stream()
            .allMatch(c ->
                node.containerLog(pod, c.getName())
                    .map(l -> l.contains(ContainerReport.DONE))
                    .orElse(false));
  }

  private Map<String, ContainerReport> reports(Pod pod) {
    Map<String, ContainerReport> reports = new LinkedHashMap<>();
    for (Container container : pod.getSpec().getContainers()) {
      reports.put(
          container.getName(),
          ContainerReport.parse(node.containerLog(pod, container.getName()).orElseThrow()));
    }
    return reports;
  }

  /** The allocation results of the pod's claims, by pod claim in the pod's order. */
  private Map<String, List<DeviceRequestAllocationResult>> claims(Pod pod) {
    Map<String, List<DeviceRequestAllocationResult>> claims = new LinkedHashMap<>();
    for (PodClaim entry : PodClaim.of(pod)) {
      claim(pod, entry)
          .filter(c -> c.getStatus() != null && c.getStatus().getAllocation() != null)
          .ifPresent(c ->
              claims.put(
                  entry.podClaimName(), c.getStatus().getAllocation().getDevices().getResults()));
    }
    return claims;
  }

  /** The pod's ResourceClaims that exist, in the pod's order. */
  private List<ResourceClaim> claimObjects(Pod pod) {
    return PodClaim.of(pod).stream().flatMap(e -> claim(pod, e).stream()).toList();
  }

  private Optional<ResourceClaim> claim(Pod pod, PodClaim entry) {
    return entry
        .claimName()
        .map(n ->
            client
                .resources(ResourceClaim.class)
                .inNamespace(pod.getMetadata().getNamespace())
                .withName(n)
                .get());
  }

  private List<DeviceRequestAllocationResult> devices(Pod pod) {
    return claims(pod).values().stream().flatMap(List::stream).toList();
  }

  private void print(Pod pod, Map<String, ContainerReport> reports) {
    out.printf("  pod %s on %s%n", pod.getMetadata().getName(), pod.getSpec().getNodeName());
    Map<String, String> ready = PodView.deviceReady(claimObjects(pod));
    claims(pod)
        .forEach((podClaim, results) ->
            results.forEach(r ->
                out.printf(
                    "    claim %s, request %s: %s%s%n",
                    podClaim,
                    r.getRequest(),
                    r.getDevice(),
                    Optional.ofNullable(
                            ready.get(r.getDriver() + "/" + r.getPool() + "/" + r.getDevice()))
                        .map(s -> "; status.devices Ready=" + s)
                        .orElse(""))));
    reports.forEach((container, report) -> {
      out.printf(
          "    container %s saw %s%n",
          container,
          report.deviceNodes().isEmpty()
              ? "no GPU device node"
              : String.join(" ", report.deviceNodes()));
      report.environment().forEach(e -> out.printf("      %s%n", e));
      String metadata = MetadataSeen.describe(report.metadata());
      if (!metadata.isEmpty()) {
        out.printf("      %s%n", metadata);
      }
    });
    mpsDaemons(pod).forEach(d -> out.printf("    mps     %s%n", d));
  }
}
