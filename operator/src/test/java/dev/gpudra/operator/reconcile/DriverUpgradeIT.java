package dev.gpudra.operator.reconcile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gpudra.api.clusterpolicy.ClusterPolicy;
import dev.gpudra.api.clusterpolicy.ClusterPolicySpec;
import dev.gpudra.api.crds.ClusterPolicyCrds;
import dev.gpudra.localcluster.api.LocalApiServer;
import dev.gpudra.localcluster.operator.PolicyScenario;
import dev.gpudra.operator.upgrade.UpgradeKeys;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.apps.ControllerRevisionBuilder;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The operator's driver upgrade against the in-process API server, the test standing in for the
 * DaemonSet controller and the kubelet: a new driver revision takes the node through NVIDIA's
 * states, its driver, validator and device plugin pods are restarted in that order, and it ends
 * uncordoned in {@code upgrade-done}; automatic upgrades turned off take the labels away.
 */
class DriverUpgradeIT {
  private static final String NS = PolicyScenario.NAMESPACE;
  private static final String NODE = "gpu-1";
  private static final String DRIVER = "nvidia-driver-daemonset";
  private static final Duration WAIT = Duration.ofSeconds(30);
  private static final String SPEC =
      "operator: {defaultRuntime: containerd}\ndaemonsets: {}\n"
          + "driver:\n  enabled: true\n  upgradePolicy: {autoUpgrade: true, maxParallelUpgrades: 1}\n"
          + "toolkit: {enabled: false}\ndevicePlugin: {enabled: true}\n"
          + "dcgm: {enabled: false}\ndcgmExporter: {enabled: false}\ngfd: {enabled: false}\n"
          + "migManager: {enabled: false}\nnodeStatusExporter: {enabled: false}\n";

  private LocalApiServer api;
  private KubernetesClient client;
  private ClusterPolicyOperator operator;
  private final List<String> seen = new ArrayList<>();

  @BeforeEach
  void start() throws IOException {
    api = new LocalApiServer().start();
    client = api.client();
    ClusterPolicyCrds.all().forEach(crd -> client.resource(crd).create());
    client
        .resource(new NamespaceBuilder().withNewMetadata().withName(NS).endMetadata().build())
        .create();
    client.resource(PolicyScenario.gpuNode(NODE, false)).create();
    ClusterPolicySpec spec =
        new com.fasterxml.jackson.databind.ObjectMapper(
                new com.fasterxml.jackson.dataformat.yaml.YAMLFactory())
            .readValue(SPEC, ClusterPolicySpec.class);
    client
        .resource(
            new ClusterPolicy(
                new ObjectMetaBuilder().withName("cluster-policy").build(), spec, null))
        .create();
    operator =
        ClusterPolicyOperator.start(
            client,
            new OperatorSettings(
                NS,
                "gpu-dra:it",
                Map.of(
                    "DRIVER_IMAGE", "nvcr.io/nvidia/driver:595.91.07",
                    "DRIVER_MANAGER_IMAGE", "nvcr.io/nvidia/cloud-native/k8s-driver-manager:v0.9.0",
                    "VALIDATOR_IMAGE", "nvcr.io/nvidia/gpu-operator:v26.7.0")));
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
      "a new driver revision takes the node through NVIDIA's states, restarting the driver, then"
          + " the validator, then the device plugin, and ends uncordoned in upgrade-done")
  void aNewRevisionRollsThroughTheNode() throws InterruptedException {
    DaemonSet ds = await().atMost(WAIT).until(this::driverDaemonSet, Optional::isPresent).get();
    settleOnRevision(ds, "aaa");

    revision(ds, "bbb", 2);
    rollTheDriverThenTheValidatorThenThePlugin(ds, "bbb");

    assertTheUpgradeIsDoneAndReported();
    turnAutoUpgradeOffAndSeeTheKeysGo();
  }

  /** The node's pods on the DaemonSet's first revision, and the node in upgrade-done. */
  private void settleOnRevision(DaemonSet ds, String hash) {
    revision(ds, hash, 1);
    Instant start = Instant.now().minusSeconds(60);
    client.resource(driverPod(ds, hash, start)).create();
    client.resource(operandPod("nvidia-operator-validator", start)).create();
    client.resource(operandPod("nvidia-device-plugin-daemonset", start)).create();
    await().atMost(WAIT).until(() -> "upgrade-done".equals(state()));
    assertThat(annotations()).containsEntry(UpgradeKeys.ENABLED, "true");
  }

  /**
   * The test is the DaemonSet controller and the kubelet: each pod the upgrade deletes comes back
   * new, in NVIDIA's order.
   */
  private void rollTheDriverThenTheValidatorThenThePlugin(DaemonSet ds, String hash)
      throws InterruptedException {
    await()
        .atMost(WAIT)
        .untilAsserted(() -> {
          record();
          assertThat(terminating(DRIVER)).isTrue();
        });
    assertThat(cordoned()).isTrue();
    // the API server's times are whole seconds, and a pod made in the driver's ready second
    // counts as new: the new driver is ready a second after the pods before it were made
    Thread.sleep(1100);
    replace(DRIVER, driverPod(ds, hash, Instant.now()));
    await()
        .atMost(WAIT)
        .untilAsserted(() -> {
          record();
          assertThat(terminating("nvidia-operator-validator")).isTrue();
        });
    assertThat(state()).isEqualTo("validation-required");
    replace("nvidia-operator-validator", operandPod("nvidia-operator-validator", Instant.now()));
    await()
        .atMost(WAIT)
        .untilAsserted(() -> {
          record();
          assertThat(terminating("nvidia-device-plugin-daemonset")).isTrue();
        });
    replace(
        "nvidia-device-plugin-daemonset",
        operandPod("nvidia-device-plugin-daemonset", Instant.now()));
  }

  private void assertTheUpgradeIsDoneAndReported() {
    await()
        .atMost(WAIT)
        .untilAsserted(() -> {
          record();
          assertThat(state()).isEqualTo("upgrade-done");
        });
    record(); // the state may have changed between the last record() and state() above
    assertThat(cordoned()).isFalse();
    assertThat(seen)
        .containsSubsequence("pod-restart-required", "validation-required", "upgrade-done");
    assertThat(annotations()).doesNotContainKeys(UpgradeKeys.SINCE, UpgradeKeys.VALIDATION_START);
    // the event is written after the node's state label: wait for it
    await()
        .atMost(WAIT)
        .untilAsserted(() ->
            assertThat(client.v1().events().inNamespace("default").list().getItems())
                .anySatisfy(e -> assertThat(e.getReason()).isEqualTo("DriverUpgraded")));
    assertThat(policy().getStatus().driverUpgrade()).isNull();
  }

  private void turnAutoUpgradeOffAndSeeTheKeysGo() {
    client
        .resources(ClusterPolicy.class)
        .withName("cluster-policy")
        .edit(p -> {
          p.getSpec().driver().upgradePolicy();
          return new ClusterPolicy(
              p.getMetadata(), withAutoUpgrade(p.getSpec(), false), p.getStatus());
        });
    await()
        .atMost(WAIT)
        .untilAsserted(() -> {
          assertThat(labels()).doesNotContainKey(UpgradeKeys.STATE);
          assertThat(annotations()).doesNotContainKey(UpgradeKeys.ENABLED);
        });
  }

  private static ClusterPolicySpec withAutoUpgrade(ClusterPolicySpec spec, boolean on) {
    try {
      var json = new com.fasterxml.jackson.databind.ObjectMapper();
      var tree = (com.fasterxml.jackson.databind.node.ObjectNode) json.valueToTree(spec);
      ((com.fasterxml.jackson.databind.node.ObjectNode) tree.path("driver").path("upgradePolicy"))
          .put("autoUpgrade", on);
      return json.treeToValue(tree, ClusterPolicySpec.class);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  private void record() {
    String state = state();
    if (state != null && (seen.isEmpty() || !seen.get(seen.size() - 1).equals(state))) {
      seen.add(state);
    }
  }

  private Optional<DaemonSet> driverDaemonSet() {
    return Optional.ofNullable(client.apps().daemonSets().inNamespace(NS).withName(DRIVER).get());
  }

  private void revision(DaemonSet ds, String hash, long number) {
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

  private static Pod driverPod(DaemonSet ds, String hash, Instant ready) {
    return new PodBuilder(operandPod(DRIVER, ready))
        .editMetadata()
        .addToLabels("controller-revision-hash", hash)
        .addNewOwnerReference()
        .withApiVersion("apps/v1")
        .withKind("DaemonSet")
        .withName(DRIVER)
        .withUid(ds.getMetadata().getUid())
        .withController(true)
        .endOwnerReference()
        .endMetadata()
        .build();
  }

  /** A running, ready pod of DaemonSet {@code app} on the node, ready since {@code ready}. */
  private static Pod operandPod(String app, Instant ready) {
    return new PodBuilder()
        .withNewMetadata()
        .withName(app + "-x")
        .withNamespace(NS)
        .addToLabels("app", app)
        .endMetadata()
        .withNewSpec()
        .withNodeName(NODE)
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
        .withLastTransitionTime(ready.toString())
        .endCondition()
        .addNewContainerStatus()
        .withName("main")
        .withReady(true)
        .withRestartCount(0)
        .endContainerStatus()
        .endStatus()
        .build();
  }

  private boolean terminating(String app) {
    Pod pod = client.pods().inNamespace(NS).withName(app + "-x").get();
    return pod == null || pod.getMetadata().getDeletionTimestamp() != null;
  }

  /** The kubelet finishes the deletion; the DaemonSet controller creates the new pod. */
  private void replace(String app, Pod next) {
    client.pods().inNamespace(NS).withName(app + "-x").withGracePeriod(0).delete();
    await()
        .atMost(WAIT)
        .until(() -> client.pods().inNamespace(NS).withName(app + "-x").get() == null);
    client.resource(next).create();
  }

  private ClusterPolicy policy() {
    return client.resources(ClusterPolicy.class).withName("cluster-policy").get();
  }

  private Node node() {
    return client.nodes().withName(NODE).get();
  }

  private String state() {
    return labels().get(UpgradeKeys.STATE);
  }

  private Map<String, String> labels() {
    return Optional.ofNullable(node().getMetadata().getLabels()).orElse(Map.of());
  }

  private Map<String, String> annotations() {
    return Optional.ofNullable(node().getMetadata().getAnnotations()).orElse(Map.of());
  }

  private boolean cordoned() {
    return node().getSpec() != null && Boolean.TRUE.equals(node().getSpec().getUnschedulable());
  }
}
