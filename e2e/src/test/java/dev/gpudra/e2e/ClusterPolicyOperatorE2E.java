package dev.gpudra.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.gpudra.api.clusterpolicy.ClusterPolicy;
import dev.gpudra.api.clusterpolicy.State;
import dev.gpudra.api.crds.ClusterPolicyCrds;
import dev.gpudra.localcluster.operator.PolicyScenario;
import dev.gpudra.operator.reconcile.ClusterPolicyOperator;
import dev.gpudra.operator.reconcile.OperatorSettings;
import dev.gpudra.realcluster.controlplane.ControlPlaneProcess;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSliceBuilder;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * The operator on the real control plane with simulated GPU nodes (node objects with NFD's labels;
 * no kubelet, so operand pods are stood in for where a step needs one): a ClusterPolicy with
 * gpu-dra's DRA driver on one pool labels the nodes, creates the operands owned by the policy and
 * says what is not ready; a node joining the pool waits for the pod holding {@code nvidia.com/gpu},
 * then moves; deleting the policy lets the garbage collector take its objects.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ClusterPolicyOperatorE2E {
  private static final String NS = PolicyScenario.NAMESPACE;
  private static final Duration WAIT = Duration.ofSeconds(60);

  private ControlPlaneProcess controlPlane;
  private KubernetesClient client;
  private ClusterPolicyOperator operator;

  @BeforeAll
  void start(@TempDir Path dir) throws InterruptedException, IOException {
    controlPlane =
        ControlPlaneProcess.start(
            RealControlPlane.binaryOrSkip(), dir.resolve("cp"), Duration.ofSeconds(120));
    client = controlPlane.client();
    CrdInstall.install(client, ClusterPolicyCrds.all());
    client
        .resource(new NamespaceBuilder().withNewMetadata().withName(NS).endMetadata().build())
        .create();
    client.resource(PolicyScenario.gpuNode("gpu-a", true)).create();
    client.resource(PolicyScenario.gpuNode("gpu-b", false)).create();
    node("cpu-c", Map.of("feature.node.kubernetes.io/cpu-model.vendor_id", "Intel"));
    client.resource(PolicyScenario.policy()).create();
    operator = ClusterPolicyOperator.start(client, new OperatorSettings(NS, "gpu-dra:e2e"));
  }

  @AfterAll
  void stop() {
    if (operator != null) {
      operator.close();
    }
    if (controlPlane != null) {
      controlPlane.close();
    }
  }

  @Test
  @Order(1)
  @DisplayName(
      "the GPU nodes get NVIDIA's labels and their stack, the operands exist owned by the policy,"
          + " and the status is notReady, naming what is not ready and why")
  void labelsOperandsAndStatus() {
    await()
        .atMost(WAIT)
        .untilAsserted(() -> {
          assertThat(labels("gpu-a"))
              .containsEntry("nvidia.com/gpu.present", "true")
              .containsEntry("nvidia.com/gpu.deploy.dra-driver", "true")
              .doesNotContainKey("nvidia.com/gpu.deploy.device-plugin");
          assertThat(labels("gpu-b")).containsEntry("nvidia.com/gpu.deploy.device-plugin", "true");
          assertThat(labels("cpu-c")).doesNotContainKey("nvidia.com/gpu.present");
          assertThat(client.apps().daemonSets().inNamespace(NS).list().getItems())
              .extracting(d -> d.getMetadata().getName())
              .contains("nvidia-device-plugin-daemonset", "nvidia-dra-driver-kubelet-plugin");
          var status = policy().getStatus();
          assertThat(status).isNotNull();
          assertThat(status.state()).isEqualTo(State.NOT_READY);
          assertThat(status.namespace()).isEqualTo(NS);
        });
    assertThat(
            client
                .resource(
                    new io.fabric8.kubernetes.api.model.resource.v1.DeviceClassBuilder()
                        .withNewMetadata()
                        .withName("gpu.nvidia.com")
                        .endMetadata()
                        .build())
                .get())
        .isNotNull();
  }

  @Test
  @Order(2)
  @DisplayName(
      "a node joining the DRA pool is cordoned and waits for the pod holding nvidia.com/gpu; once"
          + " it is gone the device plugin goes, the DRA driver comes, and the node is uncordoned"
          + " when its plugin pod is ready")
  void aNodeMovesToDra() {
    Pod training = client.resource(PolicyScenario.gpuPod("training", "gpu-b")).create();
    client
        .nodes()
        .withName("gpu-b")
        .edit(n -> {
          n.getMetadata().getLabels().put("pool", "dra");
          return n;
        });

    await()
        .atMost(WAIT)
        .untilAsserted(() -> {
          assertThat(client.nodes().withName("gpu-b").get().getSpec().getUnschedulable()).isTrue();
          assertThat(labels("gpu-b"))
              .containsEntry("gpu-dra.dev/migration-step", "wait-for-gpu-pods")
              .containsEntry("nvidia.com/gpu.deploy.device-plugin", "true");
        });

    await()
        .atMost(WAIT)
        .untilAsserted(() ->
            assertThat(
                    client
                        .resources(ClusterPolicy.class)
                        .withName("cluster-policy")
                        .get()
                        .getStatus()
                        .migration())
                .singleElement()
                .satisfies(m -> {
                  assertThat(m.node()).isEqualTo("gpu-b");
                  assertThat(m.target()).isEqualTo("dra");
                  assertThat(m.step()).isEqualTo("wait-for-gpu-pods");
                  assertThat(m.message()).contains("default/training");
                }));

    client.resource(training).withGracePeriod(0).delete();
    await()
        .atMost(WAIT)
        .untilAsserted(() ->
            assertThat(labels("gpu-b"))
                .containsEntry("gpu-dra.dev/migration-step", "start-new-stack")
                .containsEntry("nvidia.com/gpu.deploy.dra-driver", "true")
                .doesNotContainKey("nvidia.com/gpu.deploy.device-plugin"));

    client.resource(PolicyScenario.draPluginPod("gpu-b")).create();
    // no kubelet here: the plugin pod's readiness is what its kubelet would report
    client
        .pods()
        .inNamespace(NS)
        .withName("nvidia-dra-driver-kubelet-plugin-gpu-b")
        .subresource("status")
        .patch(
            PatchContext.of(PatchType.JSON_MERGE),
            "{\"status\":{\"phase\":\"Running\",\"conditions\":[{\"type\":\"Ready\","
                + "\"status\":\"True\"}]}}");

    await()
        .atMost(WAIT)
        .untilAsserted(() -> {
          assertThat(client.nodes().withName("gpu-b").get().getSpec().getUnschedulable())
              .isNotEqualTo(Boolean.TRUE);
          assertThat(labels("gpu-b")).doesNotContainKey("gpu-dra.dev/migration-step");
        });
  }

  @Test
  @Order(3)
  @DisplayName(
      "NVIDIA's ValidatingAdmissionPolicy: the DRA plugin's account writes its own node's"
          + " ResourceSlices only, and nothing from a token that names no node")
  void thePluginAccountWritesOnlyItsNodesSlices() {
    await()
        .atMost(WAIT)
        .until(() ->
            client
                    .resources(
                        io.fabric8.kubernetes.api.model.admissionregistration.v1
                            .ValidatingAdmissionPolicyBinding.class)
                    .withName("resourceslices-policy-nvidia-dra-driver")
                    .get()
                != null);
    String account = "system:serviceaccount:" + NS + ":nvidia-dra-driver-kubelet-plugin";

    // the policy takes a moment to reach the API server's admission: until then this may pass
    await()
        .atMost(WAIT)
        .untilAsserted(() ->
            assertThatThrownBy(() -> createSlice(account, Optional.of("gpu-a"), "gpu-b"))
                .isInstanceOf(KubernetesClientException.class)
                .hasMessageContaining(
                    "this user running on node gpu-a may not modify"
                        + " resourceslices on node gpu-b"));
    assertThatThrownBy(() -> createSlice(account, Optional.empty(), "gpu-a"))
        .hasMessageContaining("no node association found for user");
    assertThat(createSlice(account, Optional.of("gpu-a"), "gpu-a").getSpec().getNodeName())
        .isEqualTo("gpu-a");
  }

  /** A slice for {@code sliceNode} created as {@code user}, whose token names {@code node}. */
  private ResourceSlice createSlice(String user, Optional<String> node, String sliceNode) {
    // an extra's key goes into a header name, where Kubernetes wants '/' percent-encoded
    Map<String, List<String>> extras =
        node.map(n -> Map.of("authentication.kubernetes.io%2fnode-name", List.of(n)))
            .orElse(Map.of());
    try (KubernetesClient as =
        new KubernetesClientBuilder()
            .withConfig(
                new ConfigBuilder(client.getConfiguration())
                    .withImpersonateUsername(user)
                    .withImpersonateGroups(
                        "system:serviceaccounts",
                        "system:serviceaccounts:" + NS,
                        "system:authenticated")
                    .withImpersonateExtras(extras)
                    .build())
            .build()) {
      return as.resource(
              new ResourceSliceBuilder()
                  .withNewMetadata()
                  .withGenerateName(sliceNode + "-gpu.nvidia.com-")
                  .endMetadata()
                  .withNewSpec()
                  .withDriver("gpu.nvidia.com")
                  .withNodeName(sliceNode)
                  .withNewPool()
                  .withName(sliceNode)
                  .withGeneration(1L)
                  .withResourceSliceCount(1L)
                  .endPool()
                  .endSpec()
                  .build())
          .create();
    }
  }

  @Test
  @Order(4)
  @DisplayName(
      "deleting the policy: its finalizer holds it while its DRA node leaves the driver, then the"
          + " garbage collector takes the operands it owned")
  void theGarbageCollectorTakesTheOperands() {
    assertThat(policy().getMetadata().getFinalizers())
        .containsExactly("gpu-dra.dev/dra-resourceclaim");

    client.resources(ClusterPolicy.class).withName("cluster-policy").delete();

    // gpu-b's DRA driver pod is the test's stand-in: it goes as the DaemonSet's would once the
    // node's label is off (no kubelet here)
    await()
        .atMost(WAIT)
        .untilAsserted(() ->
            assertThat(labels("gpu-b")).doesNotContainKey("nvidia.com/gpu.deploy.dra-driver"));
    assertThat(policy()).as("held while the driver's pod runs").isNotNull();
    client
        .pods()
        .inNamespace(NS)
        .withName(PolicyScenario.draPluginPod("gpu-b").getMetadata().getName())
        .withGracePeriod(0)
        .delete();
    await()
        .atMost(WAIT)
        .untilAsserted(() -> {
          assertThat(policy()).isNull();
          assertThat(client.apps().daemonSets().inNamespace(NS).list().getItems()).isEmpty();
          assertThat(labels("gpu-a")).doesNotContainKey("nvidia.com/gpu.deploy.dra-driver");
        });
  }

  private ClusterPolicy policy() {
    return client.resources(ClusterPolicy.class).withName("cluster-policy").get();
  }

  private Map<String, String> labels(String node) {
    return client.nodes().withName(node).get().getMetadata().getLabels();
  }

  private void node(String name, Map<String, String> labels) {
    client
        .resource(
            new NodeBuilder()
                .withNewMetadata()
                .withName(name)
                .withLabels(labels)
                .endMetadata()
                .build())
        .create();
  }
}
