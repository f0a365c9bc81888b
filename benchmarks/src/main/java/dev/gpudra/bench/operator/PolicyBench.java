package dev.gpudra.bench.operator;

import dev.gpudra.api.clusterpolicy.ClusterPolicy;
import dev.gpudra.api.crds.ClusterPolicyCrds;
import dev.gpudra.bench.api.BenchApi;
import dev.gpudra.bench.api.WriteCounter;
import dev.gpudra.localcluster.operator.PolicyScenario;
import dev.gpudra.operator.reconcile.ClusterPolicyOperator;
import dev.gpudra.operator.reconcile.OperatorSettings;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * N simulated GPU nodes (NFD's PCI label; every other one in the DRA pool) and one ClusterPolicy
 * with gpu-dra's DRA driver on that pool; the operator starts, as after an install or a restart,
 * with a client that counts its requests. Measured: the time until every node carries the deploy
 * label of its stack (and no step of a move), the policy has a status and the operator's last write
 * is 1 s old (the time to that last write), the operator's writes until then, and its writes at
 * rest afterwards.
 */
public final class PolicyBench {
  private static final String NS = PolicyScenario.NAMESPACE;

  /** NVIDIA's validator image, as an install names it: the validators are always on. */
  private static final Map<String, String> VALIDATOR =
      Map.of("VALIDATOR_IMAGE", "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v26.7.0");

  /**
   * @param server the API server
   * @param nodes GPU nodes
   * @param toLabelled from the operator's start until its last write, every node carrying its stack
   *     and the policy its status
   * @param writesToLabelled the operator's writes until then
   * @param readsToLabelled its reads until then (requests that are not writes)
   * @param readsByKind those reads by path shape
   * @param writesByKind those writes by method and path shape
   * @param steady how long writes were counted at rest
   * @param steadyWrites the writes in that time
   * @param steadyByKind those writes by method and path shape
   */
  public record Result(
      String server,
      int nodes,
      Duration toLabelled,
      long writesToLabelled,
      long readsToLabelled,
      Map<String, Long> readsByKind,
      Map<String, Long> writesByKind,
      Duration steady,
      long steadyWrites,
      Map<String, Long> steadyByKind) {}

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
        setup.resource(PolicyScenario.gpuNode("gpu-" + i, i % 2 == 0)).create();
      }
      setup.resource(PolicyScenario.policy()).create();
      WriteCounter counter = new WriteCounter();
      try (KubernetesClient operatorClient =
          new KubernetesClientBuilder()
              .withConfig(setup.getConfiguration())
              .withHttpClientBuilderConsumer(b -> b.addOrReplaceInterceptor("count", counter))
              .build()) {
        long start = System.nanoTime();
        try (ClusterPolicyOperator operator =
            ClusterPolicyOperator.start(
                operatorClient, new OperatorSettings(NS, "gpu-dra:bench", VALIDATOR))) {
          awaitLabelled(setup, nodes, start, timeout);
          awaitQuiet(counter, start, timeout);
          Duration toLabelled = Duration.ofNanos(System.nanoTime() - start - QUIET.toNanos());
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
              counter.readsByShape(),
              shapes,
              steady,
              counter.writes() - writes,
              since(shapes, counter.byShape()));
        }
      }
    }
  }

  /** How long the operator must write nothing before the cluster counts as converged. */
  private static final Duration QUIET = Duration.ofSeconds(1);

  /** Waits until the operator has written nothing for {@link #QUIET} (its last status, say). */
  private static void awaitQuiet(WriteCounter counter, long start, Duration timeout)
      throws InterruptedException {
    long deadline = start + timeout.toNanos();
    long seen = counter.writes();
    long quietSince = System.nanoTime();
    while (System.nanoTime() - quietSince < QUIET.toNanos()) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException(
            "the operator kept writing for " + timeout.toSeconds() + " s");
      }
      Thread.sleep(50);
      if (counter.writes() != seen) {
        seen = counter.writes();
        quietSince = System.nanoTime();
      }
    }
  }

  private static Map<String, Long> since(Map<String, Long> before, Map<String, Long> after) {
    Map<String, Long> added = new java.util.TreeMap<>();
    after.forEach((shape, n) -> {
      long more = n - before.getOrDefault(shape, 0L);
      if (more > 0) {
        added.put(shape, more);
      }
    });
    return added;
  }

  private static void awaitLabelled(
      KubernetesClient client, int nodes, long start, Duration timeout)
      throws InterruptedException {
    long deadline = start + timeout.toNanos();
    while (System.nanoTime() < deadline) {
      long labelled =
          client.nodes().list().getItems().stream().filter(PolicyBench::carriesItsStack).count();
      ClusterPolicy policy = client.resources(ClusterPolicy.class).withName("cluster-policy").get();
      if (labelled == nodes && policy.getStatus() != null) {
        return;
      }
      Thread.sleep(100);
    }
    throw new IllegalStateException(
        "not every node carries its stack's deploy label after " + timeout.toSeconds() + " s");
  }

  /** The deploy label of its stack, and no step of a move. */
  private static boolean carriesItsStack(Node node) {
    Map<String, String> labels = node.getMetadata().getLabels();
    if (labels.containsKey("gpu-dra.dev/migration-step")) {
      return false;
    }
    String key =
        "dra".equals(labels.get("pool"))
            ? "nvidia.com/gpu.deploy.dra-driver"
            : "nvidia.com/gpu.deploy.device-plugin";
    return "true".equals(labels.get(key));
  }
}
