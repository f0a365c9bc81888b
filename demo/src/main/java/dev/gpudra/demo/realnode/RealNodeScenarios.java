package dev.gpudra.demo.realnode;

import dev.gpudra.demo.DemoSpec;
import dev.gpudra.demo.ScenarioObjects;
import dev.gpudra.localcluster.node.NodeImages;
import dev.gpudra.localcluster.node.RealNode;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * Runs the demo's scenarios on the real node, one after the other, each in its own namespace: the
 * scenario's objects as written, its pods with every container replaced by a busybox that reports
 * what it was given ({@link ContainerReport#SCRIPT}); prints per pod the devices its claims got and
 * per container what it saw; then deletes the namespace and waits until the node ran it down.
 */
public final class RealNodeScenarios {
  private static final Duration SETTLE = Duration.ofSeconds(60);

  private final KubernetesClient client;
  private final RealNode node;
  private final PrintWriter out;

  public RealNodeScenarios(KubernetesClient client, RealNode node, PrintWriter out) {
    this.client = Objects.requireNonNull(client, "client");
    this.node = Objects.requireNonNull(node, "node");
    this.out = Objects.requireNonNull(out, "out");
  }

  /** True when every pod either reported or was refused by the scheduler, as it should be. */
  public boolean run(List<DemoSpec> specs) throws InterruptedException {
    boolean ok = true;
    for (DemoSpec spec : specs) {
      ok &= run(spec);
    }
    return ok;
  }

  private boolean run(DemoSpec spec) throws InterruptedException {
    out.printf("%n%s: %s%n", spec.name(), spec.readme());
    String ns = "real-" + spec.name();
    ScenarioObjects objects = ScenarioObjects.load(client, spec);
    objects.apply(ns, true);
    List<Pod> pods =
        objects.pods().stream()
            .map(p -> client.resource(reporting(p)).inNamespace(ns).create())
            .toList();
    boolean ok = true;
    for (Pod pod : pods) {
      ok &= new PodOutcome(client, node, out).await(pod, deadline());
    }
    deleteNamespace(ns);
    return ok;
  }

  private static Instant deadline() {
    return Instant.now().plus(SETTLE);
  }

  /** The pod with each container a busybox that reports, and a short grace period. */
  static Pod reporting(Pod pod) {
    return new PodBuilder(pod)
        .editSpec()
        .withTerminationGracePeriodSeconds(1L)
        .withContainers(
            pod.getSpec().getContainers().stream()
                .map(c -> busybox(c, ContainerReport.SCRIPT))
                .toList())
        .withInitContainers(
            pod.getSpec().getInitContainers() == null
                ? List.of()
                : pod.getSpec().getInitContainers().stream().map(c -> busybox(c, "true")).toList())
        .endSpec()
        .build();
  }

  private static Container busybox(Container container, String script) {
    return new ContainerBuilder(container)
        .withImage(NodeImages.BUSYBOX)
        .withImagePullPolicy("Never")
        .withCommand("sh", "-c", script)
        .withArgs(List.of())
        .build();
  }

  private void deleteNamespace(String ns) throws InterruptedException {
    client.pods().inNamespace(ns).withGracePeriod(1).delete();
    Instant deadline = Instant.now().plus(SETTLE);
    while (!client.pods().inNamespace(ns).list().getItems().isEmpty()
        && Instant.now().isBefore(deadline)) {
      Thread.sleep(100);
    }
    client.namespaces().withName(ns).delete();
  }
}
