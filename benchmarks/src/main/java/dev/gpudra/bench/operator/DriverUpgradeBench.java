package dev.gpudra.bench.operator;

import dev.gpudra.api.clusterpolicy.ClusterPolicy;
import dev.gpudra.api.clusterpolicy.ClusterPolicySpec;
import dev.gpudra.api.crds.ClusterPolicyCrds;
import dev.gpudra.bench.api.BenchApi;
import dev.gpudra.bench.api.WriteCounter;
import dev.gpudra.localcluster.operator.PolicyScenario;
import dev.gpudra.operator.reconcile.ClusterPolicyOperator;
import dev.gpudra.operator.reconcile.OperatorSettings;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.apps.ControllerRevisionBuilder;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A driver upgrade over N simulated GPU nodes in the embedded API server: a ClusterPolicy whose
 * driver auto-upgrades with {@code maxParallelUpgrades} P, each node running a driver, validator
 * and device plugin pod of the driver's first revision; then a second revision. The bench stands in
 * for the DaemonSet controller and the kubelet: a pod the operator deletes comes back at once,
 * running and ready, on the newest revision. Measured: the time from the new revision until every
 * node is {@code upgrade-done} and uncordoned, and the operator's writes per node in that time.
 */
public final class DriverUpgradeBench {
  private static final String NS = PolicyScenario.NAMESPACE;
  private static final String DRIVER = "nvidia-driver-daemonset";
  private static final List<String> OPERANDS =
      List.of(DRIVER, "nvidia-operator-validator", "nvidia-device-plugin-daemonset");
  private static final String STATE = "nvidia.com/gpu-driver-upgrade-state";
  private static final Map<String, String> IMAGES =
      Map.of(
          "DRIVER_IMAGE", "nvcr.io/nvidia/driver:595.91.07",
          "DRIVER_MANAGER_IMAGE", "nvcr.io/nvidia/cloud-native/k8s-driver-manager:v0.9.0",
          "VALIDATOR_IMAGE", "nvcr.io/nvidia/gpu-operator:v26.7.0");

  /**
   * @param nodes GPU nodes
   * @param maxParallelUpgrades the policy's {@code maxParallelUpgrades}
   * @param upgraded from the new revision until every node is upgraded
   * @param writes the operator's writes in that time
   * @param writesByKind those writes by method and path shape
   */
  public record Result(
      int nodes,
      int maxParallelUpgrades,
      Duration upgraded,
      long writes,
      Map<String, Long> writesByKind) {}

  private DriverUpgradeBench() {}

  /**
   * @throws IllegalStateException when not every node is upgraded within {@code timeout}
   */
  public static Result run(int nodes, int maxParallelUpgrades, Duration timeout)
      throws InterruptedException {
    try (BenchApi api = BenchApi.embedded()) {
      KubernetesClient setup = api.client();
      ClusterPolicyCrds.all().forEach(crd -> setup.resource(crd).create());
      setup
          .resource(new NamespaceBuilder().withNewMetadata().withName(NS).endMetadata().build())
          .create();
      for (int i = 0; i < nodes; i++) {
        setup.resource(PolicyScenario.gpuNode(node(i), false)).create();
      }
      setup.resource(policy(maxParallelUpgrades)).create();
      WriteCounter counter = new WriteCounter();
      try (KubernetesClient operatorClient =
              new KubernetesClientBuilder()
                  .withConfig(setup.getConfiguration())
                  .withHttpClientBuilderConsumer(b -> b.addOrReplaceInterceptor("count", counter))
                  .build();
          ClusterPolicyOperator operator =
              ClusterPolicyOperator.start(
                  operatorClient, new OperatorSettings(NS, "gpu-dra:bench", IMAGES))) {
        long deadline = System.nanoTime() + timeout.toNanos();
        DaemonSet ds = awaitDaemonSet(setup, deadline);
        revision(setup, ds, "rev1", 1);
        for (int i = 0; i < nodes; i++) {
          for (String app : OPERANDS) {
            setup.resource(pod(ds, app, node(i), "rev1")).create();
          }
        }
        awaitDone(setup, nodes, deadline);
        long writesBefore = counter.writes();
        Map<String, Long> shapesBefore = counter.byShape();
        long start = System.nanoTime();
        revision(setup, ds, "rev2", 2);
        while (!allDone(setup, nodes, "rev2")) {
          if (System.nanoTime() > deadline) {
            throw new IllegalStateException(
                "not every node upgraded after " + timeout.toSeconds() + " s");
          }
          replaceDeleted(setup, ds, nodes);
          Thread.sleep(100);
        }
        Duration upgraded = Duration.ofNanos(System.nanoTime() - start);
        return new Result(
            nodes,
            maxParallelUpgrades,
            upgraded,
            counter.writes() - writesBefore,
            since(shapesBefore, counter.byShape()));
      }
    }
  }

  private static String node(int i) {
    return String.format("gpu-%04d", i);
  }

  private static ClusterPolicy policy(int maxParallel) {
    String yaml =
        "operator: {defaultRuntime: containerd}\ndaemonsets: {}\n"
            + "driver:\n  upgradePolicy: {autoUpgrade: true, maxParallelUpgrades: "
            + maxParallel
            + "}\ntoolkit: {enabled: false}\ndevicePlugin: {enabled: true}\n"
            + "dcgm: {enabled: false}\ndcgmExporter: {enabled: false}\ngfd: {enabled: false}\n"
            + "migManager: {enabled: false}\nnodeStatusExporter: {enabled: false}\n";
    try {
      ClusterPolicySpec spec =
          new com.fasterxml.jackson.databind.ObjectMapper(
                  new com.fasterxml.jackson.dataformat.yaml.YAMLFactory())
              .readValue(yaml, ClusterPolicySpec.class);
      return new ClusterPolicy(
          new ObjectMetaBuilder().withName("cluster-policy").build(), spec, null);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static DaemonSet awaitDaemonSet(KubernetesClient client, long deadline)
      throws InterruptedException {
    while (System.nanoTime() < deadline) {
      DaemonSet ds = client.apps().daemonSets().inNamespace(NS).withName(DRIVER).get();
      if (ds != null) {
        return ds;
      }
      Thread.sleep(100);
    }
    throw new IllegalStateException("the operator wrote no driver DaemonSet");
  }

  private static void awaitDone(KubernetesClient client, int nodes, long deadline)
      throws InterruptedException {
    while (!allDone(client, nodes, "rev1")) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("the nodes were never upgrade-done before the upgrade");
      }
      Thread.sleep(100);
    }
  }

  /** Every node upgrade-done and schedulable, every driver pod on revision {@code hash}. */
  private static boolean allDone(KubernetesClient client, int nodes, String hash) {
    List<Node> all = client.nodes().list().getItems();
    long done =
        all.stream()
            .filter(n -> "upgrade-done".equals(n.getMetadata().getLabels().get(STATE)))
            .filter(
                n -> n.getSpec() == null || !Boolean.TRUE.equals(n.getSpec().getUnschedulable()))
            .count();
    boolean current =
        client.pods().inNamespace(NS).list().getItems().stream()
            .filter(p -> DRIVER.equals(p.getMetadata().getLabels().get("app")))
            .allMatch(
                p -> hash.equals(p.getMetadata().getLabels().get("controller-revision-hash")));
    return done == nodes && current;
  }

  /** The DaemonSet controller and the kubelet: every pod the operator deleted comes back ready. */
  private static void replaceDeleted(KubernetesClient client, DaemonSet ds, int nodes) {
    Set<String> present = new HashSet<>();
    for (Pod pod : client.pods().inNamespace(NS).list().getItems()) {
      if (pod.getMetadata().getDeletionTimestamp() == null) {
        present.add(pod.getMetadata().getName());
      } else { // the kubelet has stopped it
        client
            .pods()
            .inNamespace(NS)
            .withName(pod.getMetadata().getName())
            .withGracePeriod(0)
            .delete();
      }
    }
    for (int i = 0; i < nodes; i++) {
      for (String app : OPERANDS) {
        if (!present.contains(app + "-" + node(i))) {
          client.resource(pod(ds, app, node(i), "rev2")).createOr(existing -> existing.update());
        }
      }
    }
  }

  private static void revision(KubernetesClient client, DaemonSet ds, String hash, long number) {
    client
        .resource(
            new ControllerRevisionBuilder()
                .withNewMetadata()
                .withName(DRIVER + "-" + hash)
                .withNamespace(NS)
                .addToLabels("controller-revision-hash", hash)
                .addNewOwnerReference()
                .withApiVersion("apps/v1")
                .withKind("DaemonSet")
                .withName(DRIVER)
                .withUid(ds.getMetadata().getUid())
                .withController(true)
                .endOwnerReference()
                .endMetadata()
                .withRevision(number)
                .build())
        .create();
  }

  private static Pod pod(DaemonSet ds, String app, String node, String hash) {
    PodBuilder pod =
        new PodBuilder()
            .withNewMetadata()
            .withName(app + "-" + node)
            .withNamespace(NS)
            .addToLabels("app", app)
            .endMetadata()
            .withNewSpec()
            .withNodeName(node)
            .addNewContainer()
            .withName("main")
            .withImage("x")
            .endContainer()
            .endSpec()
            .withNewStatus()
            .withPhase("Running")
            .addNewCondition()
            .withType("Ready")
            .withStatus("True")
            .withLastTransitionTime(Instant.now().toString())
            .endCondition()
            .addNewContainerStatus()
            .withName("main")
            .withReady(true)
            .withRestartCount(0)
            .endContainerStatus()
            .endStatus();
    if (DRIVER.equals(app)) {
      pod.editMetadata()
          .addToLabels("controller-revision-hash", hash)
          .addNewOwnerReference()
          .withApiVersion("apps/v1")
          .withKind("DaemonSet")
          .withName(DRIVER)
          .withUid(ds.getMetadata().getUid())
          .withController(true)
          .endOwnerReference()
          .endMetadata();
    }
    return pod.build();
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
}
