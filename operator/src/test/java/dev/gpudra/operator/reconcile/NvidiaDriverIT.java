package dev.gpudra.operator.reconcile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.gpudra.api.clusterpolicy.ClusterPolicy;
import dev.gpudra.api.clusterpolicy.ClusterPolicySpec;
import dev.gpudra.api.crds.ClusterPolicyCrds;
import dev.gpudra.api.nvidiadriver.NvidiaDriver;
import dev.gpudra.api.nvidiadriver.NvidiaDriverSpec;
import dev.gpudra.api.nvidiadriver.NvidiaDriverState;
import dev.gpudra.localcluster.api.LocalApiServer;
import dev.gpudra.localcluster.operator.PolicyScenario;
import dev.gpudra.operator.nvidiadriver.DriverNames;
import dev.gpudra.operator.upgrade.UpgradeKeys;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * NVIDIADriver resources against the in-process API server: the ClusterPolicy hands its driver to
 * them, every GPU node is labelled with its owner, each owner gets NVIDIA's DaemonSet per OS,
 * conflicting selectors fail closed, and the ClusterPolicy's own driver pods are replaced through
 * the owner's upgrade policy.
 */
class NvidiaDriverIT {
  private static final String NS = PolicyScenario.NAMESPACE;
  private static final Duration WAIT = Duration.ofSeconds(30);
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  private static final String POLICY =
      "operator: {defaultRuntime: containerd}\ndaemonsets: {}\n"
          + "driver: {enabled: true, useNvidiaDriverCRD: %s}\n"
          + "toolkit: {enabled: false}\ndevicePlugin: {enabled: true}\n"
          + "dcgm: {enabled: false}\ndcgmExporter: {enabled: false}\ngfd: {enabled: false}\n"
          + "migManager: {enabled: false}\nnodeStatusExporter: {enabled: false}\n";
  private static final String IMAGE =
      "repository: nvcr.io/nvidia\nimage: driver\nversion: 580.95.05\n"
          + "manager: {repository: nvcr.io/nvidia/cloud-native, image: k8s-driver-manager,"
          + " version: v0.9.0}\n";

  private LocalApiServer api;
  private KubernetesClient client;
  private ClusterPolicyOperator operator;

  @BeforeEach
  void start() throws IOException {
    api = new LocalApiServer().start();
    client = api.client();
    ClusterPolicyCrds.all().forEach(crd -> client.resource(crd).create());
    client
        .resource(new NamespaceBuilder().withNewMetadata().withName(NS).endMetadata().build())
        .create();
    client.resource(PolicyScenario.gpuNode("gpu-1", false)).create();
    Node h100 = PolicyScenario.gpuNode("gpu-2", false);
    h100.getMetadata().getLabels().put("pool", "h100");
    client.resource(h100).create();
  }

  private void startOperator(boolean handed) throws IOException {
    client
        .resource(
            new ClusterPolicy(
                new ObjectMetaBuilder().withName("cluster-policy").build(),
                YAML.readValue(POLICY.formatted(handed), ClusterPolicySpec.class),
                null))
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
      "each GPU node gets its owner, each owner its DaemonSet; overlapping selectors fail closed")
  void routesNodesToTheirDrivers() throws IOException {
    startOperator(true);
    NvidiaDriver fallback = create("default", IMAGE + "default: true\n");
    NvidiaDriver h100 = create("h100", IMAGE + "version: 580.82.07\nnodeSelector: {pool: h100}\n");
    await()
        .atMost(WAIT)
        .untilAsserted(() -> {
          assertThat(owner("gpu-1")).isEqualTo("default");
          assertThat(owner("gpu-2")).isEqualTo("h100");
        });
    String h100Name = appName(h100);
    DaemonSet h100Ds =
        await().atMost(WAIT).until(() -> daemonSet(h100Name), Optional::isPresent).get();
    assertThat(h100Ds.getMetadata().getOwnerReferences())
        .singleElement()
        .satisfies(o -> assertThat(o.getKind() + "/" + o.getName()).isEqualTo("NVIDIADriver/h100"));
    assertThat(h100Ds.getSpec().getTemplate().getSpec().getNodeSelector())
        .containsEntry("pool", "h100")
        .containsEntry(NvidiaDriver.OWNER_LABEL, "h100")
        .containsEntry("feature.node.kubernetes.io/system-os_release.VERSION_ID", "24.04");
    assertThat(h100Ds.getSpec().getTemplate().getSpec().getContainers().get(0).getImage())
        .isEqualTo("nvcr.io/nvidia/driver:580.82.07-ubuntu24.04");
    await().atMost(WAIT).until(() -> daemonSet(appName(fallback)).isPresent());
    // no driver pod runs yet: both say so, and so does the ClusterPolicy
    await()
        .atMost(WAIT)
        .untilAsserted(() -> {
          assertThat(driverStatus("h100").state()).isEqualTo(NvidiaDriverState.NOT_READY);
          assertThat(error("h100").getReason()).isEqualTo("DriverNotReady");
          assertThat(policy().getStatus().conditions())
              .anySatisfy(c -> assertThat(c.getMessage()).contains("state-driver"));
        });

    create("h100-too", IMAGE + "nodeSelector: {pool: h100}\n");
    await()
        .atMost(WAIT)
        .untilAsserted(() -> {
          for (String name : List.of("default", "h100", "h100-too")) {
            assertThat(error(name).getReason()).isEqualTo("ConflictingNodeSelector");
            assertThat(error(name).getMessage())
                .contains("multiple NVIDIADrivers match the same node gpu-2: [h100, h100-too]");
          }
        });
    assertThat(owner("gpu-2")).isEqualTo("h100"); // fails closed: no label moved

    client.resources(NvidiaDriver.class).withName("h100-too").delete();
    client.resources(NvidiaDriver.class).withName("h100").delete();
    await()
        .atMost(WAIT)
        .untilAsserted(() -> {
          assertThat(owner("gpu-2")).isEqualTo("default");
          assertThat(daemonSet(h100Name)).isEmpty();
          assertThat(error("default").getReason()).isEqualTo("DriverNotReady");
        });
  }

  @Test
  @DisplayName("a ClusterPolicy that keeps its own driver marks every NVIDIADriver disabled")
  void disabledWhileThePolicyKeepsItsDriver() throws IOException {
    startOperator(false);
    create("default", IMAGE + "default: true\n");
    await()
        .atMost(WAIT)
        .untilAsserted(() -> {
          assertThat(driverStatus("default").state()).isEqualTo(NvidiaDriverState.DISABLED);
          assertThat(error("default").getMessage())
              .isEqualTo("useNvidiaDriverCRD is not enabled in ClusterPolicy");
          // the policy's own driver comes from another reconciler's pass: awaited as well
          assertThat(daemonSet("nvidia-driver-daemonset")).isPresent();
        });
    assertThat(owner("gpu-1")).isNull();
  }

  @Test
  @DisplayName(
      "handing the driver over orphans the ClusterPolicy's pods, which the NVIDIADriver's upgrade"
          + " policy replaces node by node")
  void migratesTheClusterPolicysDriverPods() throws IOException {
    startOperator(false);
    DaemonSet old =
        await()
            .atMost(WAIT)
            .until(() -> daemonSet("nvidia-driver-daemonset"), Optional::isPresent)
            .get();
    client.resource(driverPod(old, "gpu-1")).create();
    create(
        "default",
        IMAGE + "default: true\nupgradePolicy: {autoUpgrade: true, maxParallelUpgrades: 1}\n");
    client
        .resources(ClusterPolicy.class)
        .withName("cluster-policy")
        .edit(p -> {
          try {
            return new ClusterPolicy(
                p.getMetadata(),
                YAML.readValue(POLICY.formatted(true), ClusterPolicySpec.class),
                p.getStatus());
          } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
          }
        });
    await().atMost(WAIT).until(() -> daemonSet("nvidia-driver-daemonset").isEmpty());
    // orphaned, not deleted with its DaemonSet: the upgrade replaces it
    Pod pod = client.pods().inNamespace(NS).withName("nvidia-driver-daemonset-gpu-1").get();
    assertThat(pod).isNotNull();
    assertThat(pod.getMetadata().getDeletionTimestamp()).isNull();
    await()
        .atMost(WAIT)
        .untilAsserted(() -> {
          Pod now = client.pods().inNamespace(NS).withName("nvidia-driver-daemonset-gpu-1").get();
          assertThat(now == null || now.getMetadata().getDeletionTimestamp() != null).isTrue();
        });
    assertThat(labels("gpu-1").get(UpgradeKeys.STATE)).isEqualTo("pod-restart-required");
    assertThat(client.nodes().withName("gpu-1").get().getSpec().getUnschedulable()).isTrue();
  }

  private NvidiaDriver create(String name, String spec) throws IOException {
    return client
        .resource(
            new NvidiaDriver(
                new ObjectMetaBuilder().withName(name).build(),
                YAML.readValue(spec, NvidiaDriverSpec.class),
                null))
        .create();
  }

  private static String appName(NvidiaDriver driver) {
    return DriverNames.appName(
        driver.getMetadata().getUid(), driver.getSpec().type(), "ubuntu24.04");
  }

  private Optional<DaemonSet> daemonSet(String name) {
    return Optional.ofNullable(client.apps().daemonSets().inNamespace(NS).withName(name).get());
  }

  private dev.gpudra.api.nvidiadriver.NvidiaDriverStatus driverStatus(String name) {
    NvidiaDriver driver = client.resources(NvidiaDriver.class).withName(name).get();
    assertThat(driver.getStatus()).as("status of %s", name).isNotNull();
    return driver.getStatus();
  }

  private Condition error(String name) {
    return driverStatus(name).conditions().stream()
        .filter(c -> c.getType().equals("Error"))
        .findFirst()
        .orElseThrow();
  }

  private ClusterPolicy policy() {
    return client.resources(ClusterPolicy.class).withName("cluster-policy").get();
  }

  private Map<String, String> labels(String node) {
    return Optional.ofNullable(client.nodes().withName(node).get().getMetadata().getLabels())
        .orElse(Map.of());
  }

  private String owner(String node) {
    return labels(node).get(NvidiaDriver.OWNER_LABEL);
  }

  /** A running, ready pod of the ClusterPolicy's driver DaemonSet on {@code node}. */
  private static Pod driverPod(DaemonSet ds, String node) {
    return new PodBuilder()
        .withNewMetadata()
        .withName("nvidia-driver-daemonset-" + node)
        .withNamespace(NS)
        .addToLabels("app", "nvidia-driver-daemonset")
        .addToLabels("app.kubernetes.io/component", "nvidia-driver")
        .addToLabels("controller-revision-hash", "aaa")
        .addNewOwnerReference()
        .withApiVersion("apps/v1")
        .withKind("DaemonSet")
        .withName("nvidia-driver-daemonset")
        .withUid(ds.getMetadata().getUid())
        .withController(true)
        .endOwnerReference()
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
        .withLastTransitionTime(Instant.now().minusSeconds(60).toString())
        .endCondition()
        .addNewContainerStatus()
        .withName("main")
        .withReady(true)
        .withRestartCount(0)
        .endContainerStatus()
        .endStatus()
        .build();
  }
}
