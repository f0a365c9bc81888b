package dev.gpudra.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gpudra.api.clusterpolicy.ClusterPolicy;
import dev.gpudra.api.computedomain.ComputeDomainCrds;
import dev.gpudra.api.crds.ClusterPolicyCrds;
import dev.gpudra.operator.reconcile.ClusterPolicyOperator;
import dev.gpudra.operator.reconcile.OperatorSettings;
import dev.gpudra.realcluster.node.OperatorOperands;
import dev.gpudra.realcluster.node.RealNode;
import dev.gpudra.realcluster.node.ValidationFiles;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
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
 * The operator on the real node: a ClusterPolicy with the driver and toolkit pre-installed,
 * NVIDIA's image operands off and DRA on brings up our DRA driver as a DaemonSet pod the kubelet
 * registers, and a pod with a ResourceClaim runs; moving the node to the device plugin drains the
 * claim's pod (its claim unprepared by the DRA driver, which outlives it), brings up our device
 * plugin and a pod asking for {@code nvidia.com/gpu} runs; and back the same way; deleting the
 * policy takes the node off the DRA driver the same way before the policy goes. The operator runs
 * in the test's JVM, against the real control plane the node belongs to.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@ResourceLock(RealNodeFixture.HOST)
class RealNodeOperatorE2E {
  private static final String NS = "gpu-operator";
  private static final String PROFILE = "dgx-h100";
  private static final String GPU = "nvidia.com/gpu";
  private static final String LIST_DEV = "ls /dev; echo listed; sleep 600";
  private static final Duration WAIT = Duration.ofSeconds(120);
  private static final String[] READY = {"driver-ready", "toolkit-ready"};

  private RealNodeFixture fixture;
  private RealNode node;
  private NodePods pods;
  private KubernetesClient client;
  private OperatorOperands operands;
  private final ValidationFiles validations = new ValidationFiles();
  private ClusterPolicyOperator operator;

  @BeforeAll
  void start(@TempDir Path dir) throws InterruptedException, IOException {
    fixture = RealNodeFixture.startWithoutPlugin(dir);
    node = fixture.node();
    pods = fixture.pods();
    client = fixture.controlPlane().client();
    CrdInstall.install(client, ClusterPolicyCrds.all());
    CrdInstall.install(client, ComputeDomainCrds.all());
    client
        .resource(new NamespaceBuilder().withNewMetadata().withName(NS).endMetadata().build())
        .create();
    client
        .nodes()
        .withName(node.nodeName())
        .patch(
            PatchContext.of(PatchType.JSON_MERGE),
            "{\"metadata\":{\"labels\":{\"feature.node.kubernetes.io/pci-10de.present\":"
                + "\"true\"}}}");
    operands = new OperatorOperands(node, client, NS);
    operands.prepare(fixture.cdiHook());
    validations.remove(READY);
    client
        .resource(
            new ClusterPolicy(
                new ObjectMetaBuilder().withName("cluster-policy").build(),
                operands.spec(PROFILE, "all", true),
                null))
        .create();
    operator = ClusterPolicyOperator.start(client, new OperatorSettings(NS, RealNodeFixture.IMAGE));
  }

  @AfterAll
  void stop() {
    validations.remove(READY);
    if (operator != null) {
      operator.close();
    }
    if (fixture != null) {
      fixture.close();
    }
  }

  @Test
  @Order(1)
  @DisplayName(
      "DRA on: the operator's DRA driver pod waits for the validator's driver-ready, then (GPUs"
          + " and ComputeDomains) runs and registers on the node, its ComputeDomain controller runs, and a pod with a ResourceClaim runs with one"
          + " GPU")
  void draDriverAndAClaimPod() throws InterruptedException {
    operands.awaitInit(OperatorOperands.DRA_DRIVER, "driver-validation");
    validations.write(READY); // NVIDIA's validator, for the node's pre-installed driver and toolkit
    Pod plugin = operands.awaitDraDriver(0);
    operands.awaitDeployment("nvidia-dra-driver-controller");

    Pod pod = claimPod("claim-1");

    assertThat(labels())
        .containsEntry("nvidia.com/gpu.deploy.dra-driver", "true")
        .doesNotContainKey("nvidia.com/gpu.deploy.device-plugin");
    assertThat(gpuNodes(pod)).hasSize(1);
    assertThat(operands.pods(OperatorOperands.DEVICE_PLUGIN)).isEmpty();
    assertThat(plugin.getStatus().getContainerStatuses())
        .extracting(c -> c.getName() + "=" + c.getReady())
        .containsExactlyInAnyOrder("gpus=true", "compute-domains=true");
  }

  @Test
  @Order(2)
  @DisplayName(
      "to the device plugin: the claim's pod is drained and its claim unprepared before the DRA"
          + " driver goes, then our device plugin gives 8 nvidia.com/gpu and a pod asking for one"
          + " runs")
  void toTheDevicePlugin() throws InterruptedException {
    Pod claimPod = pods.current(pod("claim-1"));
    String claimUid = pods.claimOf(claimPod).getMetadata().getUid();

    draNodes("none");

    await().atMost(WAIT).until(() -> pods.current(claimPod) == null);
    fixture.awaitNoSpecFor(claimUid);
    operands.awaitAllocatable(GPU, 8);
    operands.awaitNoPod(OperatorOperands.DRA_DRIVER);
    Pod pod = pods.runUntilLogged(gpuPod("gpu-1"), "listed");

    assertThat(gpuNodes(pod)).hasSize(1);
    awaitUncordoned();
    assertThat(labels())
        .containsEntry("nvidia.com/gpu.deploy.device-plugin", "true")
        .doesNotContainKey("nvidia.com/gpu.deploy.dra-driver");
  }

  @Test
  @Order(3)
  @DisplayName(
      "and back to DRA: the nvidia.com/gpu pod is drained, the device plugin goes, the DRA driver"
          + " registers again and a claim pod runs")
  void backToDra() throws InterruptedException {
    Pod gpuPod = pods.current(pod("gpu-1"));
    int registrations = operands.draRegistrations();

    draNodes("all");

    await().atMost(WAIT).until(() -> pods.current(gpuPod) == null);
    operands.awaitNoPod(OperatorOperands.DEVICE_PLUGIN);
    operands.awaitDraDriver(registrations);
    Pod pod = claimPod("claim-2");

    assertThat(gpuNodes(pod)).hasSize(1);
    awaitUncordoned();
  }

  @Test
  @Order(4)
  @DisplayName(
      "deleting the policy: it stays under its finalizer while the claim's pod is drained and its"
          + " claim unprepared by the DRA driver, which goes only then; the policy is gone, its"
          + " DaemonSets with it, and the node is uncordoned")
  void deletingThePolicy() throws InterruptedException {
    Pod claimPod = pods.current(pod("claim-2"));
    String claimUid = pods.claimOf(claimPod).getMetadata().getUid();
    ClusterPolicy policy = client.resources(ClusterPolicy.class).withName("cluster-policy").get();
    assertThat(policy.getMetadata().getFinalizers()).contains("gpu-dra.dev/dra-resourceclaim");

    client.resource(policy).delete();

    await().atMost(WAIT).until(() -> pods.current(claimPod) == null);
    fixture.awaitNoSpecFor(claimUid);
    operands.awaitNoPod(OperatorOperands.DRA_DRIVER);
    await()
        .atMost(WAIT)
        .untilAsserted(() -> {
          assertThat(client.resources(ClusterPolicy.class).withName("cluster-policy").get())
              .isNull();
          assertThat(
                  client
                      .apps()
                      .daemonSets()
                      .inNamespace(NS)
                      .withName(OperatorOperands.DRA_DRIVER)
                      .get())
              .as("taken by the garbage collector with its policy")
              .isNull();
        });
    awaitUncordoned();
    assertThat(labels()).doesNotContainKey("nvidia.com/gpu.deploy.dra-driver");
  }

  private Pod claimPod(String name) {
    if (client
            .resources(io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimTemplate.class)
            .inNamespace("default")
            .withName("one-gpu")
            .get()
        == null) {
      pods.template("one-gpu", NodePods.oneDevice("gpu.nvidia.com", null));
    }
    return pods.runUntilLogged(pods.pod(name, LIST_DEV, "one-gpu", null), "listed");
  }

  private void draNodes(String which) {
    client
        .resources(ClusterPolicy.class)
        .withName("cluster-policy")
        .patch(
            PatchContext.of(PatchType.JSON_MERGE),
            "{\"spec\":{\"migration\":{\"draNodes\":\"" + which + "\"}}}");
  }

  private void awaitUncordoned() {
    await()
        .atMost(WAIT)
        .untilAsserted(() ->
            assertThat(client.nodes().withName(node.nodeName()).get().getSpec().getUnschedulable())
                .as("the node is uncordoned once its new stack is ready")
                .isNotEqualTo(Boolean.TRUE));
  }

  private Map<String, String> labels() {
    return client.nodes().withName(node.nodeName()).get().getMetadata().getLabels();
  }

  private java.util.List<String> gpuNodes(Pod pod) {
    return pods.log(pod).stream().filter(l -> l.matches("nvidia[0-9]+")).toList();
  }

  private static Pod pod(String name) {
    return new PodBuilder().withNewMetadata().withName(name).endMetadata().build();
  }

  private static Pod gpuPod(String name) {
    Pod pod = new NodePods(null, null, "default").pod(name, LIST_DEV, null, null);
    pod.getSpec()
        .getContainers()
        .getFirst()
        .setResources(
            new io.fabric8.kubernetes.api.model.ResourceRequirementsBuilder()
                .addToLimits(GPU, new Quantity("1"))
                .build());
    return pod;
  }
}
