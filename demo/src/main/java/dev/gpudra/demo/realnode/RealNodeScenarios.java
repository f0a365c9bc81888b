package dev.gpudra.demo.realnode;

import dev.gpudra.demo.DemoSpec;
import dev.gpudra.localcluster.node.NodeImages;
import dev.gpudra.localcluster.node.RealNode;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
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
    List<HasMetadata> objects =
        client
            .load(new ByteArrayInputStream(spec.manifests().getBytes(StandardCharsets.UTF_8)))
            .items();
    createNamespace(ns, objects);
    objects.stream()
        .filter(o -> !(o instanceof Pod) && !(o instanceof Namespace))
        .forEach(o -> client.resource(o).inNamespace(ns).create());
    List<Pod> pods =
        objects.stream()
            .filter(Pod.class::isInstance)
            .map(p -> client.resource(reporting((Pod) p)).inNamespace(ns).create())
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

  private void createNamespace(String ns, List<HasMetadata> objects) throws InterruptedException {
    Map<String, String> labels =
        objects.stream()
            .filter(Namespace.class::isInstance)
            .map(o -> o.getMetadata().getLabels())
            .filter(Objects::nonNull)
            .findFirst()
            .orElse(Map.of());
    client
        .namespaces()
        .resource(
            new NamespaceBuilder()
                .withNewMetadata()
                .withName(ns)
                .withLabels(labels)
                .endMetadata()
                .build())
        .create();
    // ServiceAccount admission refuses pods until the controller has made SA "default"
    Instant deadline = Instant.now().plusSeconds(10);
    while (client.serviceAccounts().inNamespace(ns).withName("default").get() == null
        && Instant.now().isBefore(deadline)) {
      Thread.sleep(20);
    }
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
