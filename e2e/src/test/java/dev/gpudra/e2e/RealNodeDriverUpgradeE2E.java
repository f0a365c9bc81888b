package dev.gpudra.e2e;

import static java.time.Duration.ofSeconds;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.gpudra.api.clusterpolicy.ClusterPolicy;
import dev.gpudra.api.clusterpolicy.ClusterPolicySpec;
import dev.gpudra.api.computedomain.ComputeDomainCrds;
import dev.gpudra.api.crds.ClusterPolicyCrds;
import dev.gpudra.api.nvidiadriver.NvidiaDriver;
import dev.gpudra.api.nvidiadriver.NvidiaDriverSpec;
import dev.gpudra.api.nvidiadriver.NvidiaDriverState;
import dev.gpudra.api.nvidiadriver.NvidiaDriverType;
import dev.gpudra.operator.nvidiadriver.DriverNames;
import dev.gpudra.operator.reconcile.ClusterPolicyOperator;
import dev.gpudra.operator.reconcile.OperatorSettings;
import dev.gpudra.operator.upgrade.UpgradeDeadlines;
import dev.gpudra.realcluster.node.NodeImages;
import dev.gpudra.realcluster.node.OperatorOperands;
import dev.gpudra.realcluster.node.RealNode;
import dev.gpudra.realcluster.node.ValidationFiles;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
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
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * Driver upgrades on the real node: the operator's driver DaemonSet runs a stand-in of NVIDIA's
 * driver image (it "loads" the driver, answers {@code nvidia-smi} with its version, passes NVIDIA's
 * startup probe) and NVIDIA's validator's stand-in; DRA is on and a claim pod runs. A new driver
 * version takes the node through NVIDIA's states: the claim pod is evicted and gone before the
 * driver pod goes, the validator and the DRA driver restart on the new driver, the node is
 * uncordoned and a new claim pod runs. A broken driver fails the node, which says why and recovers
 * when the version is fixed. An operator restarted while a claim pod is slow to stop resumes. The
 * operator runs in the test's JVM, with short state deadlines.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@ResourceLock(RealNodeFixture.HOST)
class RealNodeDriverUpgradeE2E {
  private static final String NS = "gpu-operator";
  private static final String PROFILE = "dgx-h100";
  private static final String DRIVER = "nvidia-driver-daemonset";
  private static final String OS = "ubuntu24.04";
  private static final String LIST_DEV = "ls /dev; echo listed; sleep 600";
  private static final Duration WAIT = Duration.ofSeconds(240);
  private static final List<String> FLOW =
      List.of(
          "upgrade-required",
          "cordon-required",
          "wait-for-jobs-required",
          "pod-deletion-required",
          "pod-restart-required",
          "validation-required",
          "uncordon-required",
          "upgrade-done");
  // a healthy stand-in driver is ready in about 4 s; the broken one fails after podRestart
  private static final UpgradeDeadlines DEADLINES =
      new UpgradeDeadlines(ofSeconds(20), ofSeconds(90), ofSeconds(10), ofSeconds(20));
  private static final Map<String, String> IMAGES =
      Map.of(
          "VALIDATOR_IMAGE", NodeImages.VALIDATOR,
          "DRIVER_MANAGER_IMAGE", NodeImages.DRIVER_MANAGER);

  private RealNodeFixture fixture;
  private RealNode node;
  private NodePods pods;
  private KubernetesClient client;
  private OperatorOperands operands;
  private final ValidationFiles validations = new ValidationFiles();
  private ClusterPolicyOperator operator;
  private UpgradeWatch watch;
  private List<String> states;
  private List<String> podEvents;

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
            "{\"metadata\":{\"labels\":{\"feature.node.kubernetes.io/pci-10de.present\":\"true\","
                + "\"feature.node.kubernetes.io/system-os_release.ID\":\"ubuntu\","
                + "\"feature.node.kubernetes.io/system-os_release.VERSION_ID\":\"24.04\"}}}");
    node.importValidatorStandIn();
    for (String version : List.of("580.1", "580.2", "580.4", "580.5")) {
      node.importDriverStandIn(driverImage(version), version, true);
    }
    node.importDriverStandIn(driverImage("580.3"), "580.3", false);
    operands = new OperatorOperands(node, client, NS);
    operands.prepare(fixture.cdiHook());
    validations.remove("driver-ready", "toolkit-ready");
    client
        .resource(
            new ClusterPolicy(
                new ObjectMetaBuilder().withName("cluster-policy").build(), spec(), null))
        .create();
    watch = new UpgradeWatch(client, node.nodeName(), NS, DRIVER);
    states = watch.states;
    podEvents = watch.podEvents;
    operator = startOperator();
  }

  @AfterAll
  void stop() {
    if (watch != null) {
      watch.close();
    }
    if (operator != null) {
      operator.close();
    }
    validations.remove("driver-ready", "toolkit-ready");
    if (fixture != null) {
      fixture.close();
    }
  }

  @Test
  @Order(1)
  @DisplayName(
      "the operator's driver DaemonSet runs the stand-in driver 580.1, the node is upgrade-done,"
          + " the DRA driver registers and a claim pod runs")
  void theFirstDriverRuns() throws InterruptedException {
    awaitDriver("580.1");
    await().atMost(WAIT).until(() -> "upgrade-done".equals(watch.state()));
    operands.awaitDraDriver(0);
    claimPod("claim-1");
    assertThat(watch.annotations()).containsEntry("nvidia.com/gpu-driver-upgrade-enabled", "true");
  }

  @Test
  @Order(2)
  @DisplayName(
      "a new version goes through NVIDIA's states: the claim pod goes before the driver pod, the"
          + " validator and the DRA driver restart on the new driver, the node is uncordoned and"
          + " a new claim pod runs")
  void aNewVersionRollsThroughTheNode() throws InterruptedException {
    Pod draBefore = readyDraPod();
    int registrations = operands.draRegistrations();
    watch.clear();
    version("580.2");
    awaitFlow();
    awaitDriver("580.2");
    assertThat(podEvents)
        .as("the claim pod is gone before the old driver pod is deleted")
        .containsSubsequence("gone default/claim-1", "deleting " + NS + "/" + DRIVER);
    Pod draAfter = operands.awaitDraDriver(registrations);
    assertThat(draAfter.getMetadata().getUid()).isNotEqualTo(draBefore.getMetadata().getUid());
    assertThat(watch.cordoned()).isFalse();
    claimPod("claim-2");
    assertThat(client.v1().events().inNamespace("default").list().getItems())
        .anySatisfy(e -> {
          assertThat(e.getReason()).isEqualTo("DriverUpgraded");
          assertThat(e.getInvolvedObject().getName()).isEqualTo(node.nodeName());
        });
  }

  @Test
  @Order(3)
  @DisplayName(
      "a broken driver fails the node, which says why in its label, the policy's status and an"
          + " Event, and recovers when the version is fixed")
  void aBrokenDriverFailsAndRecovers() throws InterruptedException {
    version("580.3");
    await().atMost(WAIT).until(() -> "upgrade-failed".equals(watch.state()));
    assertThat(watch.cordoned()).isTrue();
    // the node's label first, the policy's status at the reconcile after
    await()
        .atMost(Duration.ofSeconds(30))
        .untilAsserted(() ->
            assertThat(policy().getStatus().driverUpgrade())
                .singleElement()
                .satisfies(u -> {
                  assertThat(u.node()).isEqualTo(node.nodeName());
                  assertThat(u.state()).isEqualTo("upgrade-failed");
                  assertThat(u.message()).contains("driver pod", "not ready");
                }));
    assertThat(client.v1().events().inNamespace("default").list().getItems())
        .anySatisfy(e -> assertThat(e.getReason()).isEqualTo("DriverUpgradeFailed"));
    states.clear();
    version("580.4");
    await().atMost(WAIT).until(() -> "upgrade-done".equals(watch.state()) && !watch.cordoned());
    assertThat(states).contains("upgrade-required", "pod-restart-required", "validation-required");
    awaitDriver("580.4");
    assertThat(policy().getStatus().driverUpgrade()).isNull();
  }

  @Test
  @Order(4)
  @DisplayName(
      "an operator restarted while a claim pod is slow to stop resumes: the pod is gone before"
          + " the driver pod goes, and the node ends upgrade-done")
  void anOperatorRestartResumes() throws InterruptedException {
    Pod slow =
        new PodBuilder(pods.pod("slow", "trap '' TERM; " + LIST_DEV, "one-gpu", null))
            .editSpec()
            .withTerminationGracePeriodSeconds(20L)
            .endSpec()
            .build();
    pods.runUntilLogged(slow, "listed");
    podEvents.clear();
    version("580.5");
    await().atMost(WAIT).until(() -> podEvents.contains("terminating default/slow"));
    operator.close();
    operator = startOperator();
    await().atMost(WAIT).until(() -> "upgrade-done".equals(watch.state()) && !watch.cordoned());
    awaitDriver("580.5");
    assertThat(podEvents).containsSubsequence("gone default/slow", "deleting " + NS + "/" + DRIVER);
  }

  /** The default NVIDIADriver of {@code nvidia-driver/default-580.2.yaml} (test resources). */
  private NvidiaDriver createDefaultNvidiaDriver() throws IOException {
    NvidiaDriverSpec spec;
    try (var in = getClass().getResourceAsStream("/nvidia-driver/default-580.2.yaml")) {
      spec = new ObjectMapper(new YAMLFactory()).readValue(in, NvidiaDriverSpec.class);
    }
    return client
        .resource(new NvidiaDriver(new ObjectMetaBuilder().withName("default").build(), spec, null))
        .create();
  }

  @Test
  @Order(5)
  @DisplayName(
      "handing the driver to an NVIDIADriver: the node is routed to it, the ClusterPolicy's driver"
          + " pod is replaced by the NVIDIADriver's through the upgrade states, and a claim pod"
          + " runs again")
  void anNvidiaDriverTakesOver() throws InterruptedException, IOException {
    NvidiaDriver created = createDefaultNvidiaDriver();
    String app = DriverNames.appName(created.getMetadata().getUid(), NvidiaDriverType.GPU, OS);
    watch.clear();
    client
        .resources(ClusterPolicy.class)
        .withName("cluster-policy")
        .patch(
            PatchContext.of(PatchType.JSON_MERGE),
            "{\"spec\":{\"driver\":{\"useNvidiaDriverCRD\":true}}}");
    await()
        .atMost(WAIT)
        .until(() ->
            "default"
                .equals(
                    Optional.ofNullable(watch.node().getMetadata().getLabels())
                        .orElse(Map.of())
                        .get(NvidiaDriver.OWNER_LABEL)));
    awaitFlow();
    assertThat(podEvents)
        .as("the ClusterPolicy's driver pod, orphaned, goes through the upgrade")
        .contains("deleting " + NS + "/" + DRIVER);
    assertThat(client.apps().daemonSets().inNamespace(NS).withName(DRIVER).get()).isNull();
    await()
        .atMost(WAIT)
        .untilAsserted(() ->
            assertThat(operands.pods(app))
                .anySatisfy(p -> {
                  assertThat(p.getSpec().getContainers().get(0).getImage())
                      .isEqualTo(driverImage("580.2"));
                  assertThat(p.getStatus().getConditions())
                      .anySatisfy(
                          c -> assertThat(c.getType() + c.getStatus()).isEqualTo("ReadyTrue"));
                }));
    await()
        .atMost(WAIT)
        .untilAsserted(() ->
            assertThat(
                    client
                        .resources(NvidiaDriver.class)
                        .withName("default")
                        .get()
                        .getStatus()
                        .state())
                .isEqualTo(NvidiaDriverState.READY));
    claimPod("claim-3");
  }

  private ClusterPolicyOperator startOperator() {
    return ClusterPolicyOperator.start(
        client, new OperatorSettings(NS, RealNodeFixture.IMAGE, IMAGES, DEADLINES));
  }

  /** The operands' policy with the operator's driver on, auto-upgraded, at 580.1. */
  private ClusterPolicySpec spec() throws IOException {
    ObjectMapper json = new ObjectMapper();
    ObjectNode tree = json.valueToTree(operands.spec(PROFILE, "all", false));
    tree.set(
        "driver",
        json.readTree(
            "{\"enabled\":true,\"repository\":\"nvcr.io/nvidia\",\"image\":\"driver\","
                + "\"version\":\"580.1\",\"imagePullPolicy\":\"IfNotPresent\","
                + "\"startupProbe\":{\"initialDelaySeconds\":1,\"periodSeconds\":2,"
                + "\"failureThreshold\":600},"
                + "\"upgradePolicy\":{\"autoUpgrade\":true,\"maxParallelUpgrades\":1,"
                + "\"podDeletion\":{\"force\":true,\"timeoutSeconds\":120}}}"));
    ((ObjectNode) tree.path("hostPaths"))
        .put("driverInstallDir", node.layout().driverRoot().toString());
    return json.treeToValue(tree, ClusterPolicySpec.class);
  }

  private static String driverImage(String version) {
    return "nvcr.io/nvidia/driver:" + version + "-" + OS;
  }

  private void version(String version) {
    client
        .resources(ClusterPolicy.class)
        .withName("cluster-policy")
        .patch(
            PatchContext.of(PatchType.JSON_MERGE),
            "{\"spec\":{\"driver\":{\"version\":\"" + version + "\"}}}");
  }

  /**
   * Waits until the node's label went through every upgrade state, ending uncordoned. The label's
   * first value seen may be the old upgrade-done: any node event, a status update too, shows it.
   */
  private void awaitFlow() {
    await()
        .atMost(WAIT)
        .untilAsserted(() -> {
          assertThat(states).containsSubsequence(FLOW);
          assertThat(watch.cordoned()).as("cordoned").isFalse();
        });
  }

  /** Waits until the node's driver pod runs {@code version}'s image and is Ready. */
  private void awaitDriver(String version) {
    await()
        .atMost(WAIT)
        .untilAsserted(() ->
            assertThat(operands.pods(DRIVER))
                .as("driver pods")
                .anySatisfy(p -> {
                  assertThat(p.getSpec().getContainers().get(0).getImage())
                      .isEqualTo(driverImage(version));
                  assertThat(p.getMetadata().getDeletionTimestamp()).isNull();
                  assertThat(p.getStatus().getConditions())
                      .anySatisfy(c -> {
                        assertThat(c.getType()).isEqualTo("Ready");
                        assertThat(c.getStatus()).isEqualTo("True");
                      });
                }));
  }

  private Pod readyDraPod() {
    return operands.pods(OperatorOperands.DRA_DRIVER).stream()
        .filter(p -> p.getMetadata().getDeletionTimestamp() == null)
        .findFirst()
        .orElseThrow();
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

  private ClusterPolicy policy() {
    return client.resources(ClusterPolicy.class).withName("cluster-policy").get();
  }
}
