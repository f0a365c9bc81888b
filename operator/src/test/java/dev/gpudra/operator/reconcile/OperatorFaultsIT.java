package dev.gpudra.operator.reconcile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gpudra.api.clusterpolicy.ClusterPolicy;
import dev.gpudra.api.clusterpolicy.ClusterPolicyStatus;
import dev.gpudra.api.clusterpolicy.State;
import dev.gpudra.api.crds.ClusterPolicyCrds;
import dev.gpudra.localcluster.api.LocalApiServer;
import dev.gpudra.localcluster.operator.PolicyScenario;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The operator under hostile or unlucky policies on the in-process API server: absurd values, two
 * policies, a policy deleted while a node moves. The status says what is wrong, the operator stays
 * healthy, and nothing wedges: a fixed policy is reconciled again.
 */
class OperatorFaultsIT {
  private static final String NS = PolicyScenario.NAMESPACE;
  private static final Duration WAIT = Duration.ofSeconds(30);

  private LocalApiServer api;
  private KubernetesClient client;
  private ClusterPolicyOperator operator;

  @BeforeEach
  void start() {
    api = new LocalApiServer().start();
    client = api.client();
    ClusterPolicyCrds.all().forEach(crd -> client.resource(crd).create());
    client
        .resource(new NamespaceBuilder().withNewMetadata().withName(NS).endMetadata().build())
        .create();
    client.resource(PolicyScenario.gpuNode("node-a", false)).create();
    client.resource(readyDevicePluginPod("node-a")).create();
  }

  /** The device plugin's pod on {@code node}, running and Ready, as its kubelet would report. */
  private static Pod readyDevicePluginPod(String node) {
    return readyPod(
        new PodBuilder(PolicyScenario.draPluginPod(node))
            .editMetadata()
            .withName("nvidia-device-plugin-daemonset-" + node)
            .addToLabels("app", "nvidia-device-plugin-daemonset")
            .endMetadata()
            .build());
  }

  /** {@code pod} running and Ready (no kubelet here). */
  private static Pod readyPod(Pod pod) {
    return new PodBuilder(pod)
        .withNewStatus()
        .withPhase("Running")
        .addNewCondition()
        .withType("Ready")
        .withStatus("True")
        .endCondition()
        .endStatus()
        .build();
  }

  @AfterEach
  void stop() {
    if (operator != null) {
      operator.close();
    }
    api.close();
  }

  private void startOperator() {
    operator = ClusterPolicyOperator.start(client, new OperatorSettings(NS, "gpu-dra:it"));
  }

  private ClusterPolicy policy(String name) {
    return client.resources(ClusterPolicy.class).withName(name).get();
  }

  private static Optional<Condition> condition(ClusterPolicyStatus status, String type) {
    return status == null || status.conditions() == null
        ? Optional.empty()
        : status.conditions().stream().filter(c -> type.equals(c.getType())).findFirst();
  }

  /** A policy edit, and what the status must then say. */
  record Absurd(String name, String specPatch, String says) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Absurd> absurd() {
    String tolerations =
        Collections.nCopies(3000, "{\"key\":\"k\",\"operator\":\"Exists\"}").toString();
    return Stream.of(
        new Absurd(
            "a negative maxParallelUpgrades",
            "{\"driver\":{\"upgradePolicy\":{\"autoUpgrade\":true,\"maxParallelUpgrades\":-3}}}",
            "driver.upgradePolicy.maxParallelUpgrades: -3 is negative"),
        new Absurd(
            "a negative percentage for maxUnavailable",
            "{\"driver\":{\"upgradePolicy\":{\"maxUnavailable\":\"-150%\"}}}",
            "driver.upgradePolicy.maxUnavailable: \"-150%\" is neither a count nor a percentage"),
        new Absurd(
            "a negative drain timeout",
            "{\"migration\":{\"drain\":{\"enable\":true,\"timeoutSeconds\":-1}}}",
            "spec.migration.drain.timeoutSeconds: -1 is negative"),
        new Absurd(
            "3,000 tolerations and a 200 KiB annotation, which are legal",
            "{\"daemonsets\":{\"tolerations\":"
                + tolerations
                + ",\"annotations\":{\"big\":\""
                + "x".repeat(200 * 1024)
                + "\"}}}",
            "states not ready"));
  }

  @DisplayName(
      "an absurd value is named in the status while the operator stays healthy, and the policy"
          + " fixed is reconciled again")
  @ParameterizedTest(name = "{0}")
  @MethodSource("absurd")
  void absurdValues(Absurd c) {
    client.resource(PolicyEdits.policyWith("cluster-policy", c.specPatch())).create();
    startOperator();

    await().atMost(WAIT).untilAsserted(() -> assertThat(error()).contains(c.says()));
    assertThat(operator.healthy()).isTrue();

    client
        .resources(ClusterPolicy.class)
        .withName("cluster-policy")
        .edit(p ->
            new ClusterPolicy(p.getMetadata(), PolicyScenario.policy().getSpec(), p.getStatus()));

    await()
        .atMost(WAIT)
        .untilAsserted(() ->
            assertThat(error()).startsWith("ClusterPolicy is not ready, states not ready: ["));
    assertThat(
            client
                .apps()
                .daemonSets()
                .inNamespace(NS)
                .withName("nvidia-device-plugin-daemonset")
                .get())
        .isNotNull();
    assertThat(operator.healthy()).isTrue();
  }

  /** The message of the policy's Error condition; empty before its first status. */
  private String error() {
    return condition(policy("cluster-policy").getStatus(), "Error")
        .map(Condition::getMessage)
        .orElse("");
  }

  @Test
  @DisplayName("of two ClusterPolicies the newer is ignored, saying which one is in charge")
  void twoPolicies() throws Exception {
    client.resource(PolicyScenario.policy()).create();
    Thread.sleep(1100); // creation timestamps have a resolution of one second
    client.resource(PolicyEdits.policyWith("second-policy", "{}")).create();
    startOperator();

    await()
        .atMost(WAIT)
        .untilAsserted(() -> {
          ClusterPolicyStatus second = policy("second-policy").getStatus();
          assertThat(second).isNotNull();
          assertThat(second.state()).isEqualTo(State.IGNORED);
          assertThat(policy("cluster-policy").getStatus()).isNotNull();
          assertThat(policy("cluster-policy").getStatus().state()).isNotEqualTo(State.IGNORED);
        });
    assertThat(operator.healthy()).isTrue();
  }

  @Test
  @DisplayName(
      "a policy deleted while a node moves to the DRA driver goes away, the node uncordoned and"
          + " its step label gone")
  void deletedWhileANodeMoves() {
    client.resource(PolicyScenario.policy()).create();
    startOperator();
    await()
        .atMost(WAIT)
        .until(() -> "true".equals(labels("node-a").get("nvidia.com/gpu.deploy.device-plugin")));
    client.resource(PolicyScenario.gpuPod("training", "node-a")).create();
    client
        .nodes()
        .withName("node-a")
        .edit(n -> {
          n.getMetadata().getLabels().put(PolicyScenario.POOL, "dra");
          return n;
        });
    await()
        .atMost(WAIT)
        .untilAsserted(() -> {
          assertThat(cordoned("node-a")).isTrue();
          assertThat(labels("node-a")).containsEntry(NodeMover.STEP_LABEL, "wait-for-gpu-pods");
        });

    client.resource(policy("cluster-policy")).delete();

    await()
        .atMost(WAIT)
        .untilAsserted(() -> {
          assertThat(policy("cluster-policy")).isNull();
          assertThat(cordoned("node-a")).isFalse();
          assertThat(labels("node-a")).doesNotContainKey(NodeMover.STEP_LABEL);
        });
    assertThat(operator.healthy()).isTrue();
  }

  @Test
  @DisplayName(
      "an operator killed -9 while a node moves leaves the move in the cluster: the next one"
          + " finishes it and uncordons the node")
  void killedWhileANodeMoves(@TempDir Path dir) throws Exception {
    client.resource(PolicyScenario.policy()).create();
    Process first = OperatorProcess.start(api.url(), NS, dir.resolve("first.log"), List.of());
    await()
        .atMost(WAIT)
        .until(() -> "true".equals(labels("node-a").get("nvidia.com/gpu.deploy.device-plugin")));
    Pod training = client.resource(PolicyScenario.gpuPod("training", "node-a")).create();
    client
        .nodes()
        .withName("node-a")
        .edit(n -> {
          n.getMetadata().getLabels().put(PolicyScenario.POOL, "dra");
          return n;
        });
    await()
        .atMost(WAIT)
        .untilAsserted(() ->
            assertThat(labels("node-a")).containsEntry(NodeMover.STEP_LABEL, "wait-for-gpu-pods"));

    first.destroyForcibly();
    assertThat(first.waitFor(10, TimeUnit.SECONDS)).isTrue();
    assertThat(first.exitValue()).as("SIGKILL").isEqualTo(137);
    assertThat(cordoned("node-a")).as("the cordon outlives the operator").isTrue();
    client.resource(training).withGracePeriod(0).delete();
    Process second = OperatorProcess.start(api.url(), NS, dir.resolve("second.log"), List.of());
    try {
      await()
          .atMost(WAIT)
          .untilAsserted(() ->
              assertThat(labels("node-a"))
                  .doesNotContainKey("nvidia.com/gpu.deploy.device-plugin"));
      // the device plugin's DaemonSet no longer covers the node: its pod goes
      client
          .pods()
          .inNamespace(NS)
          .withName("nvidia-device-plugin-daemonset-node-a")
          .withGracePeriod(0)
          .delete();
      await()
          .atMost(WAIT)
          .untilAsserted(() ->
              assertThat(labels("node-a"))
                  .containsEntry("nvidia.com/gpu.deploy.dra-driver", "true"));
      client.resource(readyPod(PolicyScenario.draPluginPod("node-a"))).create();
      await()
          .atMost(WAIT)
          .untilAsserted(() -> {
            assertThat(cordoned("node-a")).isFalse();
            assertThat(labels("node-a")).doesNotContainKey(NodeMover.STEP_LABEL);
          });
    } finally {
      second.getOutputStream().close();
      second.destroy();
      second.waitFor(20, TimeUnit.SECONDS);
    }
  }

  private Map<String, String> labels(String node) {
    return client.nodes().withName(node).get().getMetadata().getLabels();
  }

  private boolean cordoned(String node) {
    Node current = client.nodes().withName(node).get();
    return current.getSpec() != null && Boolean.TRUE.equals(current.getSpec().getUnschedulable());
  }
}
