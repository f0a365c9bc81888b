package dev.gpudra.operator.reconcile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.gpudra.api.clusterpolicy.ClusterPolicy;
import dev.gpudra.api.clusterpolicy.GpuCluster;
import dev.gpudra.api.clusterpolicy.GpuClusterSpec;
import dev.gpudra.api.clusterpolicy.GpuClusterState;
import dev.gpudra.api.clusterpolicy.State;
import dev.gpudra.api.crds.ClusterPolicyCrds;
import dev.gpudra.localcluster.api.LocalApiServer;
import dev.gpudra.localcluster.operator.PolicyScenario;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * NVIDIA's GPUCluster as the DRA-only alias, on the in-process API server: every GPU node gets the
 * DRA driver, its objects are owned by the GPUCluster, the status names NVIDIA's GPUCluster states
 * not ready; a ClusterPolicy beside it makes both refuse, with NVIDIA's reasons.
 */
class GpuClusterOperatorIT {
  private static final String NS = PolicyScenario.NAMESPACE;
  private static final Duration WAIT = Duration.ofSeconds(20);

  private LocalApiServer api;
  private KubernetesClient client;
  private ClusterPolicyOperator operator;

  @BeforeEach
  void start() throws Exception {
    api = new LocalApiServer().start();
    client = api.client();
    ClusterPolicyCrds.all().forEach(crd -> client.resource(crd).create());
    client
        .resource(
            new io.fabric8.kubernetes.api.model.NamespaceBuilder()
                .withNewMetadata()
                .withName(NS)
                .endMetadata()
                .build())
        .create();
    client.resource(PolicyScenario.gpuNode("node-a", false)).create();
    client
        .resource(
            new GpuCluster(
                new ObjectMetaBuilder().withName(GpuCluster.NAME).build(),
                new ObjectMapper(new YAMLFactory())
                    .readValue(
                        "draDriver: {computeDomains: {enabled: false}}\n"
                            + "dcgmExporter: {enabled: false}\n",
                        GpuClusterSpec.class),
                null))
        .create();
    operator = ClusterPolicyOperator.start(client, new OperatorSettings(NS, "gpu-dra:it"));
  }

  @AfterEach
  void stop() {
    if (operator != null) {
      operator.close();
    }
    api.close();
  }

  @Test
  @DisplayName(
      "a GPUCluster alone: every GPU node gets the DRA driver, owned by the GPUCluster; its status"
          + " names NVIDIA's validator, which is not built yet")
  void aGpuClusterRunsTheDraDriverOnEveryGpuNode() {
    await()
        .atMost(WAIT)
        .untilAsserted(() -> {
          assertThat(client.nodes().withName("node-a").get().getMetadata().getLabels())
              .containsEntry("nvidia.com/gpu.deploy.dra-driver", "true")
              .doesNotContainKey("nvidia.com/gpu.deploy.device-plugin");
          DaemonSet plugin =
              client
                  .apps()
                  .daemonSets()
                  .inNamespace(NS)
                  .withName("nvidia-dra-driver-kubelet-plugin")
                  .get();
          assertThat(plugin).isNotNull();
          assertThat(plugin.getMetadata().getOwnerReferences())
              .singleElement()
              .satisfies(o -> assertThat(o.getKind()).isEqualTo("GPUCluster"));
          var status = gpuCluster().getStatus();
          assertThat(status).isNotNull();
          assertThat(status.state()).isEqualTo(GpuClusterState.NOT_READY);
          assertThat(status.namespace()).isEqualTo(NS);
          assertThat(status.conditions())
              .anySatisfy(c -> {
                assertThat(c.getReason()).isEqualTo("OperandNotReady");
                assertThat(c.getMessage())
                    .startsWith("Waiting for operand pods to be ready; states not ready: [")
                    .contains("state-dra-validation");
              });
        });
    assertThat(client.apps().daemonSets().inNamespace(NS).list().getItems())
        .extracting(d -> d.getMetadata().getName())
        .as("a GPUCluster runs no device plugin")
        .doesNotContain("nvidia-device-plugin-daemonset");
  }

  @Test
  @DisplayName(
      "with a ClusterPolicy beside it, the GPUCluster is notReady with PrerequisiteNotMet and the"
          + " ClusterPolicy fails, as NVIDIA's")
  void aClusterPolicyBesideItMakesBothRefuse() {
    client.resource(PolicyScenario.policy()).create();

    await()
        .atMost(WAIT)
        .untilAsserted(() -> {
          assertThat(gpuCluster().getStatus()).isNotNull();
          assertThat(gpuCluster().getStatus().conditions())
              .anySatisfy(c -> {
                assertThat(c.getReason()).isEqualTo("PrerequisiteNotMet");
                assertThat(c.getMessage())
                    .isEqualTo(
                        "A ClusterPolicy CR \"cluster-policy\" exists; a ClusterPolicy CR and"
                            + " GPUCluster CR may not exist at the same time");
              });
          var policy = client.resources(ClusterPolicy.class).withName("cluster-policy").get();
          assertThat(policy.getStatus()).isNotNull();
          assertThat(policy.getStatus().state()).isEqualTo(State.NOT_READY);
          assertThat(policy.getStatus().conditions())
              .anySatisfy(c -> {
                assertThat(c.getReason()).isEqualTo("ReconcileFailed");
                assertThat(c.getMessage())
                    .startsWith("ClusterPolicy and GPUCluster cannot co-exist");
              });
        });
  }

  @Test
  @DisplayName(
      "a GPUCluster holds NVIDIA's finalizer; deleted, its node leaves the DRA driver (its pod"
          + " gone) before the finalizer goes")
  void deletionTakesTheNodeOffTheDriverFirst() {
    await()
        .atMost(WAIT)
        .untilAsserted(() -> {
          assertThat(gpuCluster().getMetadata().getFinalizers())
              .containsExactly("gpucluster.nvidia.com/dra-resourceclaim");
          assertThat(client.nodes().withName("node-a").get().getMetadata().getLabels())
              .containsEntry("nvidia.com/gpu.deploy.dra-driver", "true");
        });
    client.resource(PolicyScenario.draPluginPod("node-a")).create();

    client.resource(gpuCluster()).delete();

    await()
        .atMost(WAIT)
        .untilAsserted(() -> {
          assertThat(client.nodes().withName("node-a").get().getMetadata().getLabels())
              .doesNotContainKey("nvidia.com/gpu.deploy.dra-driver");
          assertThat(gpuCluster().getStatus().conditions())
              .anySatisfy(c -> {
                assertThat(c.getReason()).isEqualTo("Deleting");
                assertThat(c.getMessage()).contains("waiting for the DRA driver pod to stop");
              });
        });

    client
        .pods()
        .inNamespace(NS)
        .withName(PolicyScenario.draPluginPod("node-a").getMetadata().getName())
        .withGracePeriod(0)
        .delete();

    await().atMost(WAIT).untilAsserted(() -> assertThat(gpuCluster()).isNull());
    assertThat(client.nodes().withName("node-a").get().getSpec().getUnschedulable())
        .isNotEqualTo(Boolean.TRUE);
  }

  private GpuCluster gpuCluster() {
    return client.resources(GpuCluster.class).withName(GpuCluster.NAME).get();
  }
}
