package dev.gpudra.demo.realnode;

import dev.gpudra.localcluster.node.RealNode;
import dev.gpudra.localcluster.scheduler.PodClaim;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.Optional;

/**
 * Waits for one pod to report from every container, or to be refused by the scheduler, and prints
 * the outcome: the devices each claim got and what each container saw.
 */
final class PodOutcome {
  private final KubernetesClient client;
  private final RealNode node;
  private final PrintWriter out;

  PodOutcome(KubernetesClient client, RealNode node, PrintWriter out) {
    this.client = client;
    this.node = node;
    this.out = out;
  }

  /** True when the pod reported, or the scheduler gave a reason it cannot run anywhere. */
  boolean await(Pod created, Instant deadline) throws InterruptedException {
    String name = created.getMetadata().getName();
    while (Instant.now().isBefore(deadline)) {
      Pod pod = current(created);
      Optional<String> refused = refused(pod);
      if (refused.isPresent() && refused.get().contains("nodes are available")) {
        out.printf("  pod %s: not scheduled: %s%n", name, refused.get());
        return true;
      }
      if (reported(pod)) {
        print(pod);
        return true;
      }
      Thread.sleep(100);
    }
    Pod pod = current(created);
    out.printf(
        "  pod %s: no report within the time allowed (phase %s); see %s%n",
        name, pod.getStatus() == null ? "none" : pod.getStatus().getPhase(), node.layout().logs());
    return false;
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

  private void print(Pod pod) {
    out.printf("  pod %s on %s%n", pod.getMetadata().getName(), pod.getSpec().getNodeName());
    for (PodClaim entry : PodClaim.of(pod)) {
      entry
          .claimName()
          .map(n ->
              client
                  .resources(ResourceClaim.class)
                  .inNamespace(pod.getMetadata().getNamespace())
                  .withName(n)
                  .get())
          .filter(c -> c.getStatus() != null && c.getStatus().getAllocation() != null)
          .ifPresent(c ->
              c.getStatus()
                  .getAllocation()
                  .getDevices()
                  .getResults()
                  .forEach(r ->
                      out.printf(
                          "    claim %s, request %s: %s%n",
                          entry.podClaimName(), r.getRequest(), r.getDevice())));
    }
    for (Container container : pod.getSpec().getContainers()) {
      ContainerReport report =
          ContainerReport.parse(node.containerLog(pod, container.getName()).orElseThrow());
      out.printf(
          "    container %s saw %s%n",
          container.getName(),
          report.deviceNodes().isEmpty()
              ? "no GPU device node"
              : String.join(" ", report.deviceNodes()));
      report.environment().forEach(e -> out.printf("      %s%n", e));
    }
  }
}
