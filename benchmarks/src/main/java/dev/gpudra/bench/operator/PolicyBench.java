package dev.gpudra.bench.operator;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.gpudra.api.clusterpolicy.ClusterPolicy;
import dev.gpudra.api.clusterpolicy.ClusterPolicyCrds;
import dev.gpudra.api.clusterpolicy.ClusterPolicySpec;
import dev.gpudra.bench.api.BenchApi;
import dev.gpudra.bench.api.WriteCounter;
import dev.gpudra.operator.reconcile.ClusterPolicyOperator;
import dev.gpudra.operator.reconcile.OperatorSettings;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * N simulated GPU nodes (NFD's PCI label; every other one in the DRA pool) and one ClusterPolicy
 * with gpu-dra's DRA driver on that pool; the operator starts, as after an install or a restart,
 * with a client that counts its requests. Measured: the time until every node carries the deploy
 * label of its stack, the operator's writes until then, and its writes at rest afterwards.
 */
public final class PolicyBench {
  private static final String NS = "gpu-operator";
  private static final String PCI = "feature.node.kubernetes.io/pci-10de.present";
  private static final String POLICY =
      "operator: {defaultRuntime: containerd}\ndaemonsets: {}\ndriver: {enabled: false}\n"
          + "toolkit: {enabled: false}\ndevicePlugin: {enabled: true}\n"
          + "dcgm: {enabled: false}\ndcgmExporter: {enabled: false}\ngfd: {enabled: false}\n"
          + "migManager: {enabled: false}\nnodeStatusExporter: {enabled: false}\n"
          + "draDriver:\n  computeDomains: {enabled: false}\n"
          + "migration:\n  draNodes: selected\n  nodeSelector:\n    matchLabels: {pool: dra}\n";

  /**
   * @param server the API server
   * @param nodes GPU nodes
   * @param toLabelled from the operator's start until every node carries its stack
   * @param writesToLabelled the operator's writes until then
   * @param readsToLabelled its reads until then (requests that are not writes)
   * @param writesByKind those writes by method and path shape
   * @param steady how long writes were counted at rest
   * @param steadyWrites the writes in that time
   */
  public record Result(
      String server,
      int nodes,
      Duration toLabelled,
      long writesToLabelled,
      long readsToLabelled,
      Map<String, Long> writesByKind,
      Duration steady,
      long steadyWrites) {}

  private PolicyBench() {}

  /**
   * @throws IllegalStateException when not every node is labelled within {@code timeout}
   */
  public static Result run(
      int nodes, Duration timeout, Duration steady, Optional<Path> controlPlane)
      throws InterruptedException {
    try (BenchApi api =
        controlPlane.isPresent() ? BenchApi.real(controlPlane.get()) : BenchApi.embedded()) {
      KubernetesClient setup = api.client();
      ClusterPolicyCrds.all().forEach(crd -> setup.resource(crd).create());
      setup
          .resource(new NamespaceBuilder().withNewMetadata().withName(NS).endMetadata().build())
          .create();
      for (int i = 0; i < nodes; i++) {
        setup.resource(node(i)).create();
      }
      setup.resource(policy()).create();
      WriteCounter counter = new WriteCounter();
      try (KubernetesClient operatorClient =
          new KubernetesClientBuilder()
              .withConfig(setup.getConfiguration())
              .withHttpClientBuilderConsumer(b -> b.addOrReplaceInterceptor("count", counter))
              .build()) {
        long start = System.nanoTime();
        try (ClusterPolicyOperator operator =
            ClusterPolicyOperator.start(
                operatorClient, new OperatorSettings(NS, "gpu-dra:bench"))) {
          awaitLabelled(setup, nodes, start, timeout);
          Duration toLabelled = Duration.ofNanos(System.nanoTime() - start);
          long writes = counter.writes();
          long reads = counter.reads();
          Map<String, Long> shapes = counter.byShape();
          Thread.sleep(steady);
          return new Result(
              api.description(),
              nodes,
              toLabelled,
              writes,
              reads,
              shapes,
              steady,
              counter.writes() - writes);
        }
      }
    }
  }

  private static Node node(int i) {
    Map<String, String> labels =
        i % 2 == 0 ? Map.of(PCI, "true", "pool", "dra") : Map.of(PCI, "true");
    return new NodeBuilder()
        .withNewMetadata()
        .withName("gpu-" + i)
        .withLabels(labels)
        .endMetadata()
        .build();
  }

  private static ClusterPolicy policy() {
    try {
      ClusterPolicySpec spec =
          new ObjectMapper(new YAMLFactory()).readValue(POLICY, ClusterPolicySpec.class);
      return new ClusterPolicy(
          new ObjectMetaBuilder().withName("cluster-policy").build(), spec, null);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void awaitLabelled(
      KubernetesClient client, int nodes, long start, Duration timeout)
      throws InterruptedException {
    long deadline = start + timeout.toNanos();
    while (System.nanoTime() < deadline) {
      long labelled =
          client.nodes().list().getItems().stream().filter(PolicyBench::carriesItsStack).count();
      if (labelled == nodes) {
        return;
      }
      Thread.sleep(100);
    }
    throw new IllegalStateException(
        "not every node carries its stack's deploy label after " + timeout.toSeconds() + " s");
  }

  private static boolean carriesItsStack(Node node) {
    Map<String, String> labels = node.getMetadata().getLabels();
    String key =
        "dra".equals(labels.get("pool"))
            ? "nvidia.com/gpu.deploy.dra-driver"
            : "nvidia.com/gpu.deploy.device-plugin";
    return "true".equals(labels.get(key));
  }
}
