package dev.gpudra.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gpudra.api.clusterpolicy.ClusterPolicy;
import dev.gpudra.operator.reconcile.LeaderLease;
import dev.gpudra.realcluster.node.NodeFeatureDiscovery;
import dev.gpudra.realcluster.node.OperatorOperands;
import dev.gpudra.realcluster.node.RealNode;
import dev.gpudra.realcluster.node.ValidationFiles;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirementsBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimTemplate;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * Our operator chart installed with helm on the real node as a GPU Operator admin installs
 * NVIDIA's: NVIDIA's defaults, save what cannot run here, each said in {@link #values}. Real NFD
 * (its image built here) labels the node from a feature file that stands in for the GPU's PCI
 * device; the operator runs as the chart's pod and leads over its Lease; it labels the GPU node and
 * brings up the device plugin; NVIDIA's time-slicing walk-through (the ConfigMap from {@code
 * devicePlugin.config}, its default config) gives 4 {@code nvidia.com/gpu} per GPU, and an edit of
 * the ConfigMap reaches the running plugin; the node then moves to the DRA driver and a claim pod
 * runs; the operator led throughout without a restart; {@code helm uninstall} takes the node off
 * the DRA driver and leaves nothing behind.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@ResourceLock(RealNodeFixture.HOST)
class RealNodeOperatorChartE2E {
  private static final String NS = "gpu-operator";
  private static final String GPU = "nvidia.com/gpu";
  private static final String CONFIG = "time-slicing-config";
  private static final String LIST_DEV = "ls /dev; echo listed; sleep 600";
  private static final Duration WAIT = Duration.ofSeconds(150);
  private static final String[] READY = {
    "driver-ready", "toolkit-ready", "cuda-ready", "plugin-ready"
  };

  private RealNodeFixture fixture;
  private RealNode node;
  private NodePods pods;
  private KubernetesClient client;
  private OperatorOperands operands;
  private final ValidationFiles validations = new ValidationFiles();
  private LeaderWatch operator;
  private NodeFeatureDiscovery nfd;

  @BeforeAll
  void start(@TempDir Path dir) throws InterruptedException, IOException {
    fixture = RealNodeFixture.startWithoutPlugin(dir);
    node = fixture.node();
    pods = fixture.pods();
    client = fixture.controlPlane().client();
    // NFD's own image, built here; the GPU's PCI device is a feature file NFD's worker reads
    NodeFeatureDiscovery.importImage(node, RealControlPlane.checkout(), System.err::println);
    nfd = new NodeFeatureDiscovery(NodeFeatureDiscovery.HOST_FEATURES_D);
    nfd.writeFeatureFile("gpu-dra-e2e-gpu", Map.of(NodeFeatureDiscovery.GPU_PRESENT, "true"));
    operands = new OperatorOperands(node, client, NS);
    operands.prepare(fixture.cdiHook());
    // NVIDIA's validator image cannot be pulled here: a stand-in of that name writes what it would
    // for the node's pre-installed driver and toolkit
    node.importValidatorStandIn();
    validations.remove(READY);
    Path values = dir.resolve("values.yaml");
    Files.writeString(values, values());
    fixture
        .helm()
        .run(
            fixture
                .operatorChart()
                .command(
                    "install",
                    "gpu-operator",
                    "--namespace",
                    NS,
                    "--create-namespace",
                    "-f",
                    values.toString()));
    try {
      operator = LeaderWatch.begin(client, NS, LeaderLease.NAME, Map.of("app", "gpu-operator"));
    } catch (AssertionError | RuntimeException e) {
      throw new AssertionError(e.getMessage() + "\n" + diagnosis(), e);
    }
  }

  /** The namespace's pods and the operator's last log lines, for a failure message. */
  private String diagnosis() {
    StringBuilder out = new StringBuilder();
    client
        .pods()
        .inNamespace(NS)
        .list()
        .getItems()
        .forEach(p ->
            out.append(p.getMetadata().getName())
                .append(' ')
                .append(p.getStatus().getPhase())
                .append(' ')
                .append(p.getStatus().getInitContainerStatuses())
                .append(' ')
                .append(p.getStatus().getContainerStatuses())
                .append('\n'));
    try (var files = Files.walk(node.layout().podLogs())) {
      for (Path file :
          files
              .filter(f -> f.toString().contains(NS + "_gpu-operator-"))
              .filter(Files::isRegularFile)
              .toList()) {
        List<String> lines = Files.readAllLines(file);
        out.append(file).append(":\n");
        lines
            .subList(Math.max(0, lines.size() - 40), lines.size())
            .forEach(l -> out.append("  ").append(l).append('\n'));
      }
    } catch (IOException e) {
      out.append("(no pod logs: ").append(e.getMessage()).append(')');
    }
    return out.toString();
  }

  /**
   * NVIDIA's defaults, save: our image, pulled from the suite's registry; NVIDIA's images that
   * cannot be pulled here (the driver and toolkit, pre-installed on the node instead, and the DCGM
   * exporter, GFD and MIG manager); the node's directories, which are not the host's defaults;
   * simulated GPUs; and the time-slicing walk-through's ConfigMap.
   */
  private String values() {
    var layout = node.layout();
    String simulated = "[{name: SIMULATED_GPUS, value: dgx-h100}]";
    String image = RealNodeFixture.IMAGE;
    return String.join(
        "\n",
        "operator:",
        "  image: " + image.substring(0, image.lastIndexOf(':')),
        "  version: " + image.substring(image.lastIndexOf(':') + 1),
        "  imagePullPolicy: IfNotPresent",
        "driver: {enabled: false}",
        "toolkit: {enabled: false, installDir: " + layout.toolkitDir() + "}",
        "dcgmExporter: {enabled: false}",
        "gfd: {enabled: false}",
        "migManager: {enabled: false}",
        "hostPaths:",
        "  rootFS: " + layout.driverRoot(),
        // a shared mount, as the validator's mount of it needs (a systemd host's /run is one)
        "  driverInstallDir: " + layout.driverRoot(),
        "  kubeletRootDir: " + layout.kubeletRoot(),
        "  cdiRoot: " + layout.cdiDir(),
        "devicePlugin:",
        "  env: " + simulated,
        "  mps: {root: " + layout.mpsRoot() + "}",
        "  config:",
        "    create: true",
        "    name: " + CONFIG,
        "    default: any",
        "    data:",
        "      any: |",
        timeSlicing(4).indent(8).stripTrailing(),
        "draDriver:",
        "  imagePullPolicy: IfNotPresent",
        "  gpus: {kubeletPlugin: {env: " + simulated + "}}",
        "  computeDomains: {enabled: false}",
        "migration:",
        "  drain: {enable: true}",
        "");
  }

  /** NVIDIA's documented time-slicing config. */
  private static String timeSlicing(int replicas) {
    return String.join(
        "\n",
        "version: v1",
        "sharing:",
        "  timeSlicing:",
        "    resources:",
        "    - name: nvidia.com/gpu",
        "      replicas: " + replicas,
        "");
  }

  @AfterAll
  void stop() {
    validations.remove(READY);
    if (fixture != null) {
      fixture.close();
    }
    if (nfd != null) {
      nfd.close();
    }
  }

  @Test
  @Order(1)
  @DisplayName(
      "the operator's pod leads; it labels the GPU node, brings up the device plugin with the"
          + " time-slicing ConfigMap from values (4 replicas of 8 GPUs: 32 nvidia.com/gpu), and a"
          + " pod asking for one runs")
  void devicePluginWithTimeSlicing() throws InterruptedException {
    try {
      operands.awaitAllocatable(GPU, 32);
    } catch (RuntimeException e) {
      throw new AssertionError(e.getMessage() + "\n" + diagnosis(), e);
    }
    Pod pod = pods.runUntilLogged(gpuPod("gpu-1"), "listed");

    assertThat(pods.log(pod)).anyMatch(l -> l.matches("nvidia[0-9]+"));
    assertThat(labels())
        .as("real NFD, from the feature file standing in for the GPU's PCI device")
        .containsEntry(NodeFeatureDiscovery.GPU_PRESENT, "true")
        .containsEntry("nvidia.com/gpu.present", "true")
        .containsEntry("nvidia.com/gpu.deploy.device-plugin", "true")
        .doesNotContainKey("nvidia.com/gpu.deploy.dra-driver");
    assertThat(client.configMaps().inNamespace(NS).withName(CONFIG).get().getData())
        .containsKey("any");
  }

  @Test
  @Order(2)
  @DisplayName("an edit of the ConfigMap reaches the running device plugin: 2 replicas, 16 GPUs")
  void anEditedConfigMapReachesThePlugin() throws InterruptedException {
    client
        .configMaps()
        .inNamespace(NS)
        .withName(CONFIG)
        .edit(c -> {
          c.getData().put("any", timeSlicing(2));
          return c;
        });

    operands.awaitAllocatable(GPU, 16);
  }

  @Test
  @Order(3)
  @DisplayName(
      "helm upgrade runs NVIDIA's CRD hook (operator.upgradeCRD): its Job applies the CRDs as the"
          + " hook's account and goes once it succeeded")
  void upgradeAppliesTheCrds() {
    fixture
        .helm()
        .run(
            fixture
                .operatorChart()
                .command(
                    "upgrade",
                    "gpu-operator",
                    "--namespace",
                    NS,
                    "--reuse-values",
                    "--timeout",
                    "3m"));

    assertThat(
            client.batch().v1().jobs().inNamespace(NS).withName("gpu-operator-upgrade-crd").get())
        .as("deleted by helm once it succeeded (a failed hook fails the upgrade)")
        .isNull();
    assertThat(
            client
                .apiextensions()
                .v1()
                .customResourceDefinitions()
                .withName("clusterpolicies.nvidia.com")
                .get())
        .isNotNull();
  }

  @Test
  @Order(4)
  @DisplayName(
      "moved to the DRA driver: the nvidia.com/gpu pod is drained, the DRA driver registers and a"
          + " claim pod runs")
  void toTheDraDriver() throws InterruptedException {
    Pod gpuPod =
        pods.current(new PodBuilder().withNewMetadata().withName("gpu-1").endMetadata().build());
    client
        .resources(ClusterPolicy.class)
        .withName("cluster-policy")
        .patch(
            PatchContext.of(PatchType.JSON_MERGE),
            "{\"spec\":{\"migration\":{\"draNodes\":\"all\"}}}");

    await().atMost(WAIT).until(() -> pods.current(gpuPod) == null);
    operands.awaitNoPod(OperatorOperands.DEVICE_PLUGIN);
    operands.awaitDraDriver(0);
    pods.template("one-gpu", NodePods.oneDevice("gpu.nvidia.com", null));
    Pod pod = pods.runUntilLogged(pods.pod("claim-1", LIST_DEV, "one-gpu", null), "listed");

    assertThat(pods.log(pod)).anyMatch(l -> l.matches("nvidia[0-9]+"));
    assertThat(labels()).containsEntry("nvidia.com/gpu.deploy.dra-driver", "true");
  }

  @Test
  @Order(5)
  @DisplayName(
      "the operator led throughout, renewing its Lease as the chart's account, without a restart")
  void theOperatorLedThroughout() throws InterruptedException {
    operator.assertLedThroughout(Duration.ofSeconds(45)); // three 15 s leases
  }

  @Test
  @Order(6)
  @DisplayName(
      "helm uninstall: its pre-delete step takes the node off the DRA driver (the claim's pod"
          + " drained first), and nothing of the release is left")
  void uninstallsCleanly() {
    fixture.helm().run("uninstall", "gpu-operator", "--namespace", NS, "--wait", "--timeout", "5m");

    assertThat(client.resources(ClusterPolicy.class).list().getItems()).isEmpty();
    assertThat(client.resources(ResourceClaimTemplate.class).inNamespace(NS).list().getItems())
        .isEmpty();
    await()
        .atMost(WAIT)
        .untilAsserted(() -> {
          assertThat(client.pods().inNamespace(NS).list().getItems())
              .extracting(p -> p.getMetadata().getName())
              .isEmpty();
          assertThat(client.apps().daemonSets().inNamespace(NS).list().getItems()).isEmpty();
          assertThat(client.nodes().withName(node.nodeName()).get().getSpec().getUnschedulable())
              .isNotEqualTo(Boolean.TRUE);
        });
    assertThat(labels()).doesNotContainKey("nvidia.com/gpu.deploy.dra-driver");
  }

  private Map<String, String> labels() {
    return client.nodes().withName(node.nodeName()).get().getMetadata().getLabels();
  }

  private static Pod gpuPod(String name) {
    Pod pod = new NodePods(null, null, "default").pod(name, LIST_DEV, null, null);
    pod.getSpec()
        .getContainers()
        .getFirst()
        .setResources(
            new ResourceRequirementsBuilder().addToLimits(GPU, new Quantity("1")).build());
    return pod;
  }
}
