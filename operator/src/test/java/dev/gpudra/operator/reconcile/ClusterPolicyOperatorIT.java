package dev.gpudra.operator.reconcile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gpudra.api.clusterpolicy.ClusterPolicy;
import dev.gpudra.api.clusterpolicy.State;
import dev.gpudra.api.crds.ClusterPolicyCrds;
import dev.gpudra.localcluster.api.LocalApiServer;
import dev.gpudra.localcluster.operator.PolicyScenario;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The operator against the in-process API server: a ClusterPolicy with gpu-dra's DRA driver on the
 * nodes of one pool labels the GPU nodes, applies the device plugin's and the DRA driver's objects
 * owned by the policy, reports what is not ready and why, and moves a node to DRA when it joins the
 * pool, held back by a pod using {@code nvidia.com/gpu} until that pod is gone.
 */
class ClusterPolicyOperatorIT {
  private static final String NS = PolicyScenario.NAMESPACE;

  private LocalApiServer api;
  private KubernetesClient client;
  private ClusterPolicyOperator operator;

  @BeforeEach
  void start() {
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
    client.resource(PolicyScenario.gpuNode("node-a", true)).create();
    client.resource(PolicyScenario.gpuNode("node-b", false)).create();
    node("cpu-node", Map.of("feature.node.kubernetes.io/cpu-model.vendor_id", "Intel"));
    client.resource(PolicyScenario.policy()).create();
    operator = ClusterPolicyOperator.start(client, new OperatorSettings(NS, "gpu-dra:it"));
  }

  @AfterEach
  void stop() {
    if (operator != null) {
      operator.close();
    }
    api.close();
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

  private Map<String, String> labels(String node) {
    return client.nodes().withName(node).get().getMetadata().getLabels();
  }

  private Node get(String node) {
    return client.nodes().withName(node).get();
  }

  private static final Duration WAIT = Duration.ofSeconds(20);

  @Test
  @DisplayName(
      "GPU nodes get NVIDIA's labels with the stack the policy gives them; the objects are owned by"
          + " the policy; the status names the states not ready and why")
  void labelsObjectsAndStatus() {
    await()
        .atMost(WAIT)
        .untilAsserted(() -> {
          assertThat(labels("node-a"))
              .containsEntry("nvidia.com/gpu.present", "true")
              .containsEntry("nvidia.com/gpu.deploy.dra-driver", "true")
              .doesNotContainKey("nvidia.com/gpu.deploy.device-plugin");
          assertThat(labels("node-b"))
              .containsEntry("nvidia.com/gpu.deploy.device-plugin", "true")
              .doesNotContainKey("nvidia.com/gpu.deploy.dra-driver");
          assertThat(labels("cpu-node")).doesNotContainKey("nvidia.com/gpu.present");
        });
    await()
        .atMost(WAIT)
        .untilAsserted(() ->
            assertThat(client.apps().daemonSets().inNamespace(NS).list().getItems())
                .extracting(d -> d.getMetadata().getName())
                .contains(
                    "nvidia-device-plugin-daemonset",
                    "nvidia-device-plugin-mps-control-daemon",
                    "nvidia-dra-driver-kubelet-plugin"));
    DaemonSet plugin =
        client.apps().daemonSets().inNamespace(NS).withName("nvidia-device-plugin-daemonset").get();
    assertThat(plugin.getMetadata().getOwnerReferences())
        .singleElement()
        .satisfies(o -> assertThat(o.getKind()).isEqualTo("ClusterPolicy"));
    assertThat(plugin.getMetadata().getAnnotations()).containsKey("nvidia.com/last-applied-hash");
    await()
        .atMost(WAIT)
        .untilAsserted(() -> {
          var status =
              client.resources(ClusterPolicy.class).withName("cluster-policy").get().getStatus();
          assertThat(status).isNotNull();
          assertThat(status.state()).isEqualTo(State.NOT_READY);
          assertThat(status.conditions())
              .anySatisfy(c ->
                  assertThat(c.getMessage())
                      .contains(
                          "state-operator-validation (no image for spec.validator: set its"
                              + " repository, image and version, or VALIDATOR_IMAGE in the"
                              + " operator's environment)")
                      .contains("state-device-plugin"));
        });
  }

  @Test
  @DisplayName("psa.enabled: the operator's namespace gets NVIDIA's privileged Pod Security labels")
  void psaLabelsTheNamespace() {
    client
        .namespaces()
        .withName(NS)
        .patch(
            PatchContext.of(PatchType.JSON_MERGE),
            "{\"metadata\":{\"labels\":{\"team\":\"gpu\"}}}");

    client
        .resources(ClusterPolicy.class)
        .withName("cluster-policy")
        .patch(PatchContext.of(PatchType.JSON_MERGE), "{\"spec\":{\"psa\":{\"enabled\":true}}}");

    await()
        .atMost(WAIT)
        .untilAsserted(() ->
            assertThat(client.namespaces().withName(NS).get().getMetadata().getLabels())
                .containsEntry("pod-security.kubernetes.io/enforce", "privileged")
                .containsEntry("pod-security.kubernetes.io/audit", "privileged")
                .containsEntry("pod-security.kubernetes.io/warn", "privileged")
                .containsEntry("team", "gpu")
                .as("the DRA validator's admin-access claim is allowed there")
                .containsEntry("resource.kubernetes.io/admin-access", "true"));
  }

  @Test
  @DisplayName(
      "a node that joins the DRA pool is cordoned, waits for the pod holding nvidia.com/gpu,"
          + " loses the device plugin, gets the DRA driver, and is uncordoned once its plugin is"
          + " ready")
  void aNodeMovesToDra() {
    await()
        .atMost(WAIT)
        .until(() -> "true".equals(labels("node-b").get("nvidia.com/gpu.deploy.device-plugin")));
    Pod training = client.resource(PolicyScenario.gpuPod("training", "node-b")).create();

    client
        .nodes()
        .withName("node-b")
        .edit(n -> {
          n.getMetadata().getLabels().put("pool", "dra");
          return n;
        });

    await()
        .atMost(WAIT)
        .untilAsserted(() -> {
          assertThat(get("node-b").getSpec()).as("cordoned").isNotNull();
          assertThat(get("node-b").getSpec().getUnschedulable()).isTrue();
          assertThat(labels("node-b"))
              .containsEntry(NodeMover.STEP_LABEL, "wait-for-gpu-pods")
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
                  assertThat(m.node()).isEqualTo("node-b");
                  assertThat(m.target()).isEqualTo("dra");
                  assertThat(m.step()).isEqualTo("wait-for-gpu-pods");
                  assertThat(m.message()).contains("default/training");
                }));

    // the pod ends (no kubelet here: removed at once, as the kubelet does once it stopped)
    client.resource(training).withGracePeriod(0).delete();

    await()
        .atMost(WAIT)
        .untilAsserted(() ->
            assertThat(labels("node-b"))
                .containsEntry(NodeMover.STEP_LABEL, "start-new-stack")
                .containsEntry("nvidia.com/gpu.deploy.dra-driver", "true")
                .doesNotContainKey("nvidia.com/gpu.deploy.device-plugin"));
    assertThat(get("node-b").getSpec().getUnschedulable()).isTrue();

    client.resource(readyPluginPod("node-b")).create();

    await()
        .atMost(WAIT)
        .untilAsserted(() -> {
          assertThat(get("node-b").getSpec().getUnschedulable()).isNotEqualTo(Boolean.TRUE);
          assertThat(labels("node-b")).doesNotContainKey(NodeMover.STEP_LABEL);
          assertThat(get("node-b").getMetadata().getAnnotations())
              .doesNotContainKey(NodeMover.CORDONED);
        });
  }

  @Test
  @DisplayName(
      "without spec.draDriver the DRA nodes move back to the device plugin, and the DRA driver's"
          + " DaemonSet goes once no node runs it any more")
  void draOffMovesTheNodesBackThenDropsTheDraDriver() {
    await()
        .atMost(WAIT)
        .until(() ->
            client
                    .apps()
                    .daemonSets()
                    .inNamespace(NS)
                    .withName("nvidia-dra-driver-kubelet-plugin")
                    .get()
                != null);

    client
        .resources(ClusterPolicy.class)
        .withName("cluster-policy")
        .patch(PatchContext.of(PatchType.JSON_MERGE), "{\"spec\":{\"draDriver\":null}}");

    await()
        .atMost(WAIT)
        .untilAsserted(() -> {
          assertThat(labels("node-a"))
              .containsEntry("nvidia.com/gpu.deploy.device-plugin", "true")
              .doesNotContainKey("nvidia.com/gpu.deploy.dra-driver");
          assertThat(
                  client
                      .apps()
                      .daemonSets()
                      .inNamespace(NS)
                      .withName("nvidia-dra-driver-kubelet-plugin")
                      .get())
              .isNull();
          assertThat(
                  client
                      .apps()
                      .daemonSets()
                      .inNamespace(NS)
                      .withName("nvidia-device-plugin-daemonset")
                      .get())
              .isNotNull();
        });
  }

  @Test
  @DisplayName(
      "a deleted policy stays, under its finalizer, until its DRA node has left the driver: the"
          + " workload's claim pod, then the validator's, then the driver's pod; the node is"
          + " uncordoned, the device plugin's node left alone")
  void deletionWaitsForTheClaimsThenGoes() {
    await()
        .atMost(WAIT)
        .untilAsserted(() -> {
          assertThat(labels("node-a")).containsEntry("nvidia.com/gpu.deploy.dra-validator", "true");
          assertThat(policy().getMetadata().getFinalizers())
              .containsExactly("gpu-dra.dev/dra-resourceclaim");
        });
    client.resource(readyPluginPod("node-a")).create();
    Pod train = claimPod("train", "default", "train-gpu", false);
    Pod validator = claimPod("nvidia-dra-validator-a1", NS, "validator-gpu", true);

    client.resource(policy()).delete();
    assertTheNodeLeavesTheDriverValidatorFirst();

    client.resource(train).withGracePeriod(0).delete();

    await()
        .atMost(WAIT)
        .untilAsserted(() ->
            assertThat(labels("node-a"))
                .containsEntry(NodeMover.STEP_LABEL, "stop-claim-consumers")
                .containsEntry("nvidia.com/gpu.deploy.dra-driver", "true"));

    client.resource(validator).withGracePeriod(0).delete();

    await()
        .atMost(WAIT)
        .untilAsserted(() ->
            assertThat(labels("node-a"))
                .containsEntry(NodeMover.STEP_LABEL, "stop-old-stack")
                .doesNotContainKey("nvidia.com/gpu.deploy.dra-driver"));
    assertThat(policy()).as("the driver's pod still runs").isNotNull();

    client
        .pods()
        .inNamespace(NS)
        .withName(readyPluginPod("node-a").getMetadata().getName())
        .withGracePeriod(0)
        .delete();

    await()
        .atMost(WAIT)
        .untilAsserted(() -> {
          assertThat(policy()).isNull();
          assertThat(cordoned("node-a")).isFalse();
          assertThat(labels("node-a")).doesNotContainKey(NodeMover.STEP_LABEL);
        });
    assertThat(labels("node-b")).containsEntry("nvidia.com/gpu.deploy.device-plugin", "true");
    assertThat(cordoned("node-b")).isFalse();
  }

  /** A claim allocated on node-a (created, then allocated through /status) and its pod. */
  private Pod claimPod(String pod, String namespace, String claim, boolean adminAccess) {
    ResourceClaim allocated =
        PolicyScenario.allocatedClaim(claim, namespace, "node-a", adminAccess);
    ResourceClaim created = client.resource(allocated).create();
    created.setStatus(allocated.getStatus());
    client.resource(created).updateStatus();
    return client.resource(PolicyScenario.claimPod(pod, namespace, "node-a", claim)).create();
  }

  /**
   * node-a cordoned on its way off the DRA driver, the validator's label gone first, the deleted
   * policy saying what it waits for.
   */
  private void assertTheNodeLeavesTheDriverValidatorFirst() {
    await()
        .atMost(WAIT)
        .untilAsserted(() -> {
          assertThat(cordoned("node-a")).isTrue();
          assertThat(labels("node-a"))
              .containsEntry(NodeMover.STEP_LABEL, "wait-for-gpu-pods")
              .containsEntry("nvidia.com/gpu.deploy.dra-driver", "true")
              .as("the validator goes first, its claim unprepared by the driver")
              .doesNotContainKey("nvidia.com/gpu.deploy.dra-validator");
          ClusterPolicy deleting = policy();
          assertThat(deleting.getMetadata().getDeletionTimestamp()).isNotNull();
          assertThat(deleting.getStatus().conditions())
              .anySatisfy(c -> {
                assertThat(c.getReason()).isEqualTo("Deleting");
                assertThat(c.getMessage()).contains("node-a", "default/train");
              });
          assertThat(deleting.getStatus().migration())
              .singleElement()
              .satisfies(m -> assertThat(m.target()).isEqualTo("none"));
        });
  }

  private boolean cordoned(String node) {
    Node current = get(node);
    return current.getSpec() != null && Boolean.TRUE.equals(current.getSpec().getUnschedulable());
  }

  private ClusterPolicy policy() {
    return client.resources(ClusterPolicy.class).withName("cluster-policy").get();
  }

  /** The DRA driver's pod on {@code node}, running and Ready (no kubelet here). */
  private static Pod readyPluginPod(String node) {
    return new PodBuilder(PolicyScenario.draPluginPod(node))
        .withNewStatus()
        .withPhase("Running")
        .addNewCondition()
        .withType("Ready")
        .withStatus("True")
        .endCondition()
        .endStatus()
        .build();
  }
}
