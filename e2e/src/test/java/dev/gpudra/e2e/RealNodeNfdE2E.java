package dev.gpudra.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gpudra.realcluster.node.Helm;
import dev.gpudra.realcluster.node.NodeFeatureDiscovery;
import dev.gpudra.realcluster.node.RealNode;
import dev.gpudra.realcluster.node.RealNodeUnavailableException;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
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
 * The operator chart's NFD on the real node: {@code helm install} of our gpu-operator chart (NFD
 * on, NVIDIA's settings, no ClusterPolicy) runs NFD v0.19.0, built here from its Go module, as
 * nfd-master, nfd-worker and nfd-gc pods; a feature file in the host's features.d stands in for an
 * NVIDIA GPU's PCI device (this machine has none), and real NFD labels the node with NFD's GPU
 * label, the labels its PCI source gives this machine's own devices under NVIDIA's PCI settings,
 * and the host's OS through the worker's host mounts; nfd-gc deletes the NodeFeature of a deleted
 * node; {@code helm uninstall} then leaves no NFD pod, label or NodeFeature (NFD's prune hook and
 * the garbage collector), only the CRDs.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@ResourceLock(RealNodeFixture.HOST)
class RealNodeNfdE2E {
  private static final String NS = "gpu-operator";
  private static final String RELEASE = "gpu-operator";
  private static final String FULLNAME = RELEASE + "-node-feature-discovery";
  private static final String NFD = "app.kubernetes.io/name";
  private static final String FEATURE_FILE = "gpu-dra-e2e-gpu";
  private static final String ALLOWED = "nvidia.com/gpu-dra-e2e.nfd";
  private static final String DENIED = "gpu-dra-e2e.kubernetes.io/nfd";
  private static final List<String> NVIDIA_PCI_CLASSES =
      List.of("02", "0200", "0207", "0300", "0302");
  private static final Map<String, String> KERNEL_MODULE_LABELS =
      Map.of(
          "gdrdrv", "nvidia.com/gdrcopy.capable",
          "nvidia_fs", "nvidia.com/gds.capable",
          "nvidia_peermem", "nvidia.com/peermem.capable");
  private static final String GONE_NODE = "gpu-node-gone";
  private static final Duration WAIT = Duration.ofSeconds(120);

  private RealNodeFixture fixture;
  private RealNode node;
  private KubernetesClient client;
  private Helm helm;
  private NodeFeatureDiscovery nfd;

  @BeforeAll
  void start(@TempDir Path dir) throws InterruptedException, IOException {
    fixture = RealNodeFixture.startWithoutPlugin(dir);
    node = fixture.node();
    client = fixture.controlPlane().client();
    try {
      NodeFeatureDiscovery.importImage(node, RealControlPlane.checkout(), System.err::println);
      helm =
          new Helm(
              Helm.locate(RealControlPlane.checkout(), System.err::println),
              fixture.controlPlane().kubeconfig());
    } catch (RealNodeUnavailableException e) {
      System.err.println("NFD E2E skipped: " + e.getMessage());
      Assumptions.abort(e.getMessage());
    }
    nfd = new NodeFeatureDiscovery(NodeFeatureDiscovery.HOST_FEATURES_D);
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put(NodeFeatureDiscovery.GPU_PRESENT, "true"); // what the GPU would give
    labels.put(ALLOWED, "true"); // published (NVIDIA's extraLabelNs; v0.19 denies only k8s's)
    labels.put(DENIED, "true"); // not: NFD keeps kubernetes.io namespaces but its own
    nfd.writeFeatureFile(FEATURE_FILE, labels);
  }

  /**
   * The node first: a worker pod still running (a failed uninstall) would have the runtime make the
   * features.d directories again once they are removed.
   */
  @AfterAll
  void stop() {
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
      "helm install: nfd-master, nfd-worker and nfd-gc run; the node gets NFD's GPU label from the"
          + " feature file, its own PCI devices' labels under NVIDIA's class whitelist and vendor"
          + " field (worker.config), the host's OS through the worker's mounts; nfd-master reads"
          + " master.config; the worker's NodeFeature is owned by its pod and DaemonSet; NVIDIA's"
          + " kernel-module rule applies")
  void installLabelsTheNode() throws IOException {
    String image = RealNodeFixture.IMAGE;
    helm.run(
        fixture
            .operatorChart()
            .command(
                "install",
                RELEASE,
                "--namespace",
                NS,
                "--create-namespace",
                "--set",
                "operator.image=" + image.substring(0, image.lastIndexOf(':')),
                "--set",
                "operator.version=" + image.substring(image.lastIndexOf(':') + 1),
                "--set",
                "clusterPolicy.deployCR=false",
                "--set",
                "nfd.nodefeaturerules=true"));

    for (String role : List.of("master", "worker", "gc")) {
      explained(() -> assertThat(nfdPods(role)).singleElement().matches(RealNodeNfdE2E::ready));
    }
    Set<String> pci =
        new TreeSet<>(NodeFeatureDiscovery.pciLabels(Path.of("/sys"), NVIDIA_PCI_CLASSES));
    pci.add(NodeFeatureDiscovery.GPU_PRESENT);
    explained(() -> assertThat(pciLabels()).as("pci labels").isEqualTo(pci));

    Map<String, String> labels = nodeLabels();
    assertThat(labels)
        .containsEntry(NodeFeatureDiscovery.GPU_PRESENT, "true")
        .containsEntry(ALLOWED, "true")
        .doesNotContainKey(DENIED);
    hostOsId()
        .ifPresent(id ->
            assertThat(labels)
                .as("read through the worker's host mount of /etc/os-release")
                .containsEntry(NodeFeatureDiscovery.LABEL_NS + "system-os_release.ID", id));
    kernelModuleLabels(labels);
    assertThat(nodeFeatureRule()).isNotNull();
    Pod master = nfdPods("master").getFirst();
    assertThat(String.join("\n", newestLog(master, "master")))
        .as("nfd-master's log of its configuration")
        .contains("configuration file parsed")
        .contains("/etc/kubernetes/node-feature-discovery/nfd-master.conf")
        .contains("nvidia.com");

    GenericKubernetesResource feature = nodeFeatures().getFirst();
    assertThat(nodeFeatures()).hasSize(1);
    assertThat(feature.getMetadata().getName()).isEqualTo(node.nodeName());
    assertThat(feature.getMetadata().getOwnerReferences())
        .extracting(OwnerReference::getKind)
        .containsExactly("Pod", "DaemonSet");
    assertThat(feature.<Map<String, String>>get("spec", "labels"))
        .containsEntry(NodeFeatureDiscovery.GPU_PRESENT, "true");
  }

  /**
   * NVIDIA's kernel-module rule: a label for each module the kernel has loaded, none where the
   * kernel has no loadable modules (as here): NFD then finds none either.
   */
  private static void kernelModuleLabels(Map<String, String> labels) throws IOException {
    Path procModules = Path.of("/proc/modules");
    String modules = Files.exists(procModules) ? Files.readString(procModules) : "";
    KERNEL_MODULE_LABELS.forEach((module, label) -> {
      if (modules.contains(module + " ")) {
        assertThat(labels).containsEntry(label, "true");
      } else {
        assertThat(labels).doesNotContainKey(label);
      }
    });
  }

  @Test
  @Order(2)
  @DisplayName("nfd-gc deletes the NodeFeature of a node when the node is deleted")
  void gcFollowsNodeDeletion() {
    // a Node no kubelet runs, tainted so that no worker pod goes there
    client
        .nodes()
        .resource(
            new NodeBuilder()
                .withNewMetadata()
                .withName(GONE_NODE)
                .endMetadata()
                .withNewSpec()
                .addNewTaint()
                .withKey("gpu-dra-e2e/no-kubelet")
                .withEffect("NoSchedule")
                .endTaint()
                .endSpec()
                .build())
        .create();
    client.resource(nodeFeatureOf(GONE_NODE)).create();
    assertThat(nodeFeatures()).hasSize(2);

    client.nodes().withName(GONE_NODE).delete();

    explained(() ->
        assertThat(nodeFeatures())
            .extracting(f -> f.getMetadata().getName())
            .containsExactly(node.nodeName()));
  }

  @Test
  @Order(3)
  @DisplayName(
      "helm uninstall: no NFD pod, label, annotation, NodeFeature, rule or role is left (NFD's"
          + " prune hook, the garbage collector); NFD's CRDs stay, as helm keeps crds/")
  void uninstallLeavesNothing() {
    helm.run("uninstall", RELEASE, "--namespace", NS, "--wait", "--timeout=3m");

    explained(() ->
        assertThat(
                client
                    .pods()
                    .inNamespace(NS)
                    .withLabel(NFD, "node-feature-discovery")
                    .list()
                    .getItems())
            .isEmpty());
    explained(() -> assertThat(nodeFeatures()).isEmpty());
    Map<String, String> labels = nodeLabels();
    assertThat(labels.keySet())
        .noneMatch(k -> k.startsWith(NodeFeatureDiscovery.LABEL_NS))
        .doesNotContain(ALLOWED);
    assertThat(client.nodes().withName(node.nodeName()).get().getMetadata().getAnnotations())
        .as("nfd-master's bookkeeping")
        .allSatisfy((k, v) -> assertThat(k).doesNotStartWith("nfd.node.kubernetes.io/"));
    assertThat(nodeFeatureRule()).isNull();
    for (String role : List.of(FULLNAME, FULLNAME + "-gc", FULLNAME + "-prune")) {
      assertThat(client.rbac().clusterRoles().withName(role).get()).as(role).isNull();
      assertThat(client.rbac().clusterRoleBindings().withName(role).get()).as(role).isNull();
    }
    assertThat(client.serviceAccounts().inNamespace(NS).withName("node-feature-discovery").get())
        .isNull();
    for (String crd : List.of("nodefeatures", "nodefeaturerules", "nodefeaturegroups")) {
      assertThat(
              client
                  .apiextensions()
                  .v1()
                  .customResourceDefinitions()
                  .withName(crd + ".nfd.k8s-sigs.io")
                  .get())
          .as(crd)
          .isNotNull();
    }
  }

  /** A NodeFeature as a worker on {@code nodeName} would write it. */
  private static GenericKubernetesResource nodeFeatureOf(String nodeName) {
    GenericKubernetesResource feature = new GenericKubernetesResource();
    feature.setApiVersion("nfd.k8s-sigs.io/v1alpha1");
    feature.setKind("NodeFeature");
    feature.setMetadata(
        new ObjectMetaBuilder()
            .withName(nodeName)
            .withNamespace(NS)
            .addToLabels("nfd.node.kubernetes.io/node-name", nodeName)
            .build());
    feature.setAdditionalProperty("spec", Map.of("labels", Map.of("gone", "true")));
    return feature;
  }

  private List<Pod> nfdPods(String role) {
    return client
        .pods()
        .inNamespace(NS)
        .withLabel(NFD, "node-feature-discovery")
        .withLabel("role", role)
        .list()
        .getItems();
  }

  private static boolean ready(Pod pod) {
    return pod.getStatus().getConditions().stream()
        .anyMatch(c -> "Ready".equals(c.getType()) && "True".equals(c.getStatus()));
  }

  private Map<String, String> nodeLabels() {
    return client.nodes().withName(node.nodeName()).get().getMetadata().getLabels();
  }

  private Set<String> pciLabels() {
    return nodeLabels().keySet().stream()
        .filter(k -> k.startsWith(NodeFeatureDiscovery.LABEL_NS + "pci-"))
        .collect(Collectors.toCollection(TreeSet::new));
  }

  private List<GenericKubernetesResource> nodeFeatures() {
    return client
        .genericKubernetesResources("nfd.k8s-sigs.io/v1alpha1", "NodeFeature")
        .inAnyNamespace()
        .list()
        .getItems();
  }

  private GenericKubernetesResource nodeFeatureRule() {
    return client
        .genericKubernetesResources("nfd.k8s-sigs.io/v1alpha1", "NodeFeatureRule")
        .withName("nvidia-kernel-modules")
        .get();
  }

  /** The host's {@code ID} in /etc/os-release, which NFD's system source labels the node with. */
  private static java.util.Optional<String> hostOsId() throws IOException {
    return Files.readAllLines(Path.of("/etc/os-release")).stream()
        .filter(l -> l.startsWith("ID="))
        .map(l -> l.substring(3).replace("\"", ""))
        .findFirst();
  }

  /** Waits for the assertion; on a time-out, says what NFD's pods were doing. */
  private void explained(org.awaitility.core.ThrowingRunnable assertion) {
    try {
      await().atMost(WAIT).pollInterval(Duration.ofSeconds(1)).untilAsserted(assertion);
    } catch (ConditionTimeoutException e) {
      throw new AssertionError(e.getMessage() + "\n" + pods(), e);
    }
  }

  /**
   * The namespace's pods: phase, conditions, each container's last exit and the last lines of its
   * newest log (the kubelet's pod log files, one per restart).
   */
  private String pods() {
    StringBuilder out = new StringBuilder();
    for (Pod pod : client.pods().inNamespace(NS).list().getItems()) {
      out.append(pod.getMetadata().getName())
          .append(' ')
          .append(pod.getStatus().getPhase())
          .append(' ')
          .append(
              pod.getStatus().getConditions().stream()
                  .map(c -> c.getType() + "=" + c.getStatus())
                  .collect(Collectors.joining(",")))
          .append('\n');
      pod.getStatus()
          .getContainerStatuses()
          .forEach(c -> {
            var last = c.getLastState() == null ? null : c.getLastState().getTerminated();
            out.append("  ")
                .append(c.getName())
                .append(" restarts=")
                .append(c.getRestartCount())
                .append(
                    last == null ? "" : " last exit " + last.getExitCode() + " " + last.getReason())
                .append('\n');
            List<String> log = newestLog(pod, c.getName());
            log.subList(Math.max(0, log.size() - 15), log.size())
                .forEach(l -> out.append("    ").append(l).append('\n'));
          });
    }
    return out.toString();
  }

  private List<String> newestLog(Pod pod, String container) {
    Path dir =
        node.layout()
            .podLogs()
            .resolve(NS + "_" + pod.getMetadata().getName() + "_" + pod.getMetadata().getUid())
            .resolve(container);
    try (var files = Files.list(dir)) {
      var newest = files.max(java.util.Comparator.comparing(f -> f.toFile().lastModified()));
      if (newest.isEmpty()) {
        return List.of();
      }
      return Files.readAllLines(newest.get());
    } catch (IOException e) {
      return List.of("(no log: " + e.getMessage() + ")");
    }
  }
}
