package dev.gpudra.demo.operator;

import dev.gpudra.api.crds.ClusterPolicyCrds;
import dev.gpudra.demo.Demo;
import dev.gpudra.demo.EmbeddedBackend;
import dev.gpudra.localcluster.kubelet.RunningPod;
import dev.gpudra.operator.reconcile.ClusterPolicyOperator;
import dev.gpudra.operator.reconcile.OperatorSettings;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * {@code gpu-dra demo --operator}: the ClusterPolicy operator on the embedded cluster. A GPU node
 * joins with NFD's label and no GPU plugin; a ClusterPolicy with DRA on every GPU node is created;
 * the operator labels the node and applies the DRA driver's DaemonSet; its pod starts the GPU
 * plugin on the node, which the kubelet stand-in registers; a pod with a ResourceClaim then runs
 * with its GPU, and is deleted and unprepared. Each step is printed as it happens.
 */
public final class OperatorDemo {
  static final String NAMESPACE = "gpu-operator";
  static final String NODE = "gpu-node-op";
  static final String PROFILE = "dgx-h100";
  private static final Duration WAIT = Duration.ofSeconds(60);

  private final PrintWriter out;
  private final Path workDir;
  private final long started = System.nanoTime();

  public OperatorDemo(PrintWriter out, Path workDir) {
    this.out = out;
    this.workDir = workDir;
  }

  /**
   * @return whether every step happened within its time
   */
  public boolean run() throws InterruptedException {
    try (EmbeddedBackend backend = EmbeddedBackend.start(Demo.placement())) {
      KubernetesClient client = backend.client();
      progress(backend.description());
      ClusterPolicyCrds.all().forEach(crd -> client.resource(crd).create());
      namespace(client, NAMESPACE);
      namespace(client, OperatorWorkload.NAMESPACE);
      try (OperandNode node =
          OperandNode.start(client, backend.selectors(), workDir.resolve(NODE), NODE)) {
        backend.nodesReady();
        progress(
            "node "
                + NODE
                + " joined: NFD's label "
                + OperandNode.NVIDIA_PCI
                + "=true, no GPU plugin running");
        client.resource(OperatorWorkload.policy(PROFILE)).create();
        progress(
            "ClusterPolicy cluster-policy created: driver and toolkit pre-installed, NVIDIA's image"
                + " operands off, DRA on every GPU node (migration.draNodes: all)");
        try (ClusterPolicyOperator operator =
            ClusterPolicyOperator.start(client, new OperatorSettings(NAMESPACE, "gpu-dra:demo"))) {
          progress("operator started in namespace " + NAMESPACE);
          return bringUp(client, node) && claimPod(client, node);
        }
      }
    }
  }

  private boolean bringUp(KubernetesClient client, OperandNode node) throws InterruptedException {
    if (!await(
        "the node's labels",
        () -> "true".equals(label(client, "nvidia.com/gpu.deploy.dra-driver")))) {
      return false;
    }
    progress(
        "operator labelled "
            + NODE
            + ": nvidia.com/gpu.present="
            + label(client, "nvidia.com/gpu.present")
            + ", nvidia.com/gpu.deploy.dra-driver=true");
    if (!await("the DRA driver's DaemonSet", () -> daemonSet(client) != null)) {
      return false;
    }
    progress(
        "operator applied DeviceClasses "
            + client
                .resources(io.fabric8.kubernetes.api.model.resource.v1.DeviceClass.class)
                .list()
                .getItems()
                .stream()
                .map(c -> c.getMetadata().getName())
                .sorted()
                .collect(Collectors.joining(" "))
            + " and DaemonSet "
            + NAMESPACE
            + "/"
            + PluginPodRuntime.DAEMON_SET);
    if (!await("the DRA driver's pod to be Ready", () -> readyPluginPod(client).isPresent())) {
      return false;
    }
    progress(
        "pod "
            + NAMESPACE
            + "/"
            + readyPluginPod(client).get().getMetadata().getName()
            + " Ready on "
            + NODE
            + ": the kubelet registered gpu.nvidia.com");
    if (!await("the node's ResourceSlices", () -> devices(client) > 0)) {
      return false;
    }
    progress(NODE + " publishes " + devices(client) + " devices");
    return true;
  }

  private boolean claimPod(KubernetesClient client, OperandNode node) throws InterruptedException {
    OperatorWorkload.create(client);
    progress(
        "pod "
            + OperatorWorkload.NAMESPACE
            + "/"
            + OperatorWorkload.POD
            + " created, asking for one gpu.nvidia.com device");
    Supplier<Optional<RunningPod>> running =
        () -> node.running(OperatorWorkload.NAMESPACE, OperatorWorkload.POD);
    if (!await("the claim's pod to run", () -> running.get().isPresent())) {
      node.failure(OperatorWorkload.NAMESPACE, OperatorWorkload.POD)
          .ifPresent(f -> progress("  why: " + f));
      return false;
    }
    progress(
        "pod "
            + OperatorWorkload.POD
            + " Running on "
            + NODE
            + " with "
            + OperatorWorkload.allocated(client)
            + "; CDI devices "
            + running.get().get().cdiDevices().values());
    if (!await(
        "state-dra-driver to be ready in the policy's status",
        () -> !OperatorWorkload.status(client).contains("state-dra-driver"))) {
      return false;
    }
    progress("ClusterPolicy status: " + OperatorWorkload.status(client));
    OperatorWorkload.delete(client);
    if (!await("the claim to be unprepared", () -> running.get().isEmpty())) {
      return false;
    }
    progress("pod deleted, its claim unprepared");
    return true;
  }

  private static void namespace(KubernetesClient client, String name) {
    client
        .resource(new NamespaceBuilder().withNewMetadata().withName(name).endMetadata().build())
        .create();
  }

  private static String label(KubernetesClient client, String key) {
    Map<String, String> labels = client.nodes().withName(NODE).get().getMetadata().getLabels();
    return labels == null ? null : labels.get(key);
  }

  private static DaemonSet daemonSet(KubernetesClient client) {
    return client
        .apps()
        .daemonSets()
        .inNamespace(NAMESPACE)
        .withName(PluginPodRuntime.DAEMON_SET)
        .get();
  }

  private static Optional<Pod> readyPluginPod(KubernetesClient client) {
    return client.pods().inNamespace(NAMESPACE).list().getItems().stream()
        .filter(p -> p.getMetadata().getName().startsWith(PluginPodRuntime.DAEMON_SET))
        .filter(p ->
            p.getStatus() != null
                && p.getStatus().getConditions().stream()
                    .anyMatch(c -> "Ready".equals(c.getType()) && "True".equals(c.getStatus())))
        .findFirst();
  }

  private static int devices(KubernetesClient client) {
    return client.resources(ResourceSlice.class).list().getItems().stream()
        .filter(s -> NODE.equals(s.getSpec().getNodeName()))
        .mapToInt(s -> s.getSpec().getDevices().size())
        .sum();
  }

  private boolean await(String what, Supplier<Boolean> done) throws InterruptedException {
    Instant deadline = Instant.now().plus(WAIT);
    while (!done.get()) {
      if (Instant.now().isAfter(deadline)) {
        progress("UNEXPECTED: no " + what + " within " + WAIT.toSeconds() + " s");
        return false;
      }
      Thread.sleep(100);
    }
    return true;
  }

  private void progress(String message) {
    out.printf("[%5.2fs] %s%n", (System.nanoTime() - started) / 1e9, message);
    out.flush();
  }
}
