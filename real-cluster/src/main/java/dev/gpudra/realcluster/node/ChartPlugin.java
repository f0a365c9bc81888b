package dev.gpudra.realcluster.node;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * The GPU kubelet plugin as users run it: a pod of our DaemonSet, installed on the real node with
 * our Helm chart and a real helm, from our image (pulled from a registry, {@code imagePullPolicy:
 * IfNotPresent}), with simulated GPUs; the driver root is the node's {@link
 * NodeLayout#driverRoot()}, where a test may lay out driver files. It finds the API server through
 * the {@code kubernetes} Service and its service account, as in any cluster. What its pods log is
 * kept here across pod restarts, read from the kubelet's pod log files.
 */
public final class ChartPlugin implements AutoCloseable {
  /** The release and its namespace. */
  public static final String RELEASE = "gpu-dra";

  public static final String NAMESPACE = "gpu-dra";

  private static final String COMPONENT = "gpu-dra-component";

  /**
   * What the GPU Operator's feature discovery puts on a GPU node; the chart's affinity needs it.
   */
  public static final String GPU_PRESENT = "nvidia.com/gpu.present";

  private static final String GPU_CONTAINER = "gpus";

  /**
   * The node label the DaemonSet selects (its {@code kubeletPlugin.nodeSelector}): taking it off
   * the node stops the plugin there, as an admin moves a node between drivers.
   */
  public static final String NODE_LABEL = "gpu-dra-test-plugin";

  private static final Duration TIMEOUT = Duration.ofSeconds(120);

  private final Helm helm;
  private boolean installed;
  private final ChartSource chart;
  private final RealNode node;
  private final KubernetesClient client;
  private final DaemonSetLogs logs;

  /**
   * @param helm a helm pointed at the node's cluster
   * @param chart our chart: {@code deployments/helm/gpu-dra}, or where it was pushed
   * @param node the node the DaemonSet's pod runs on
   * @param client a client of the same cluster
   */
  public ChartPlugin(Helm helm, ChartSource chart, RealNode node, KubernetesClient client) {
    this.helm = Objects.requireNonNull(helm, "helm");
    this.chart = Objects.requireNonNull(chart, "chart");
    this.node = Objects.requireNonNull(node, "node");
    this.client = Objects.requireNonNull(client, "client");
    this.logs =
        new DaemonSetLogs(
            node.layout().podLogs(), NAMESPACE, RELEASE + "-kubelet-plugin", GPU_CONTAINER);
  }

  /**
   * {@code helm install} with the node's directories, then waits until the kubelet has registered
   * the plugin's pod.
   *
   * @param image the image, as the node pulls it ({@code registry.example/gpu-dra:1.0})
   * @param profile the simulated GPU profile
   * @param cdiHook the host's {@code nvidia-cdi-hook} ({@code nvidiaCDIHookPath})
   */
  public void install(String image, String profile, Path cdiHook) throws InterruptedException {
    install(image, profile, cdiHook, List.of());
  }

  /**
   * @param moreValues further {@code --set} values, e.g. {@code featureGates.X=true}
   */
  public void install(String image, String profile, Path cdiHook, List<String> moreValues)
      throws InterruptedException {
    NodeLayout layout = node.layout();
    shareDriverRoot(layout);
    label(true);
    List<String> args = installArgs(chart, image, profile, layout, cdiHook);
    for (String value :
        List.of(
            "kubeletPlugin.kubeletRegistrarDirectoryPath=" + layout.registrarDir(),
            "kubeletPlugin.kubeletPluginsDirectoryPath=" + layout.pluginsDir(),
            "kubeletPlugin.nodeSelector." + NODE_LABEL + "=on",
            // the GPU suites run the GPU plugin alone; a ComputeDomain suite turns this on
            "resources.computeDomains.enabled=false")) {
      args.addAll(List.of("--set", value));
    }
    moreValues.forEach(v -> args.addAll(List.of("--set", v)));
    helm.run(args.toArray(String[]::new));
    installed = true;
    awaitPod(p -> true);
    awaitRegistrations(1);
    awaitSlices();
  }

  /**
   * {@code helm upgrade} to another tag of the image; waits until the DaemonSet's pod runs it, is
   * Ready and the kubelet has registered it.
   */
  public void upgrade(String tag) throws InterruptedException {
    int before = registrations();
    List<String> args = new ArrayList<>(List.of("upgrade", RELEASE));
    args.addAll(chart.args());
    args.addAll(List.of("--namespace", NAMESPACE, "--reuse-values", "--set", "image.tag=" + tag));
    helm.run(args.toArray(String[]::new));
    awaitPod(p -> image(p).endsWith(":" + tag));
    awaitRegistrations(before + 1);
  }

  /**
   * Deletes the plugin's pod, as an admin or an eviction does; waits until the DaemonSet's next pod
   * is Ready and registered.
   */
  public void deletePod() throws InterruptedException {
    Pod old = pod();
    int before = registrations();
    client.pods().resource(old).delete();
    awaitPod(p -> !p.getMetadata().getUid().equals(old.getMetadata().getUid()));
    awaitRegistrations(before + 1);
  }

  /**
   * Takes the node out of the DaemonSet's selector and waits until the kubelet has stopped the
   * plugin's pod: no plugin runs on the node (its files stay).
   */
  public void stopOnNode() throws InterruptedException {
    label(false);
    Poll.until(
        TIMEOUT,
        () -> pods().isEmpty(),
        () -> {},
        () -> "the plugin's pod was not stopped within " + TIMEOUT.toSeconds() + " s");
  }

  /** Puts the node back in the selector; waits until the new pod is Ready and registered. */
  public void startOnNode() throws InterruptedException {
    int before = registrations();
    label(true);
    awaitPod(p -> true);
    awaitRegistrations(before + 1);
  }

  private void label(boolean on) {
    client
        .nodes()
        .withName(node.nodeName())
        .edit(n -> {
          if (on) {
            n.getMetadata().getLabels().put(NODE_LABEL, "on");
            n.getMetadata().getLabels().put(GPU_PRESENT, "true");
          } else {
            n.getMetadata().getLabels().remove(NODE_LABEL);
          }
          return n;
        });
  }

  /** The DaemonSet's Ready pod on the node. */
  public Pod pod() {
    return pods().stream()
        .filter(ChartPlugin::ready)
        .findFirst()
        .orElseThrow(() -> new RealNodeStartException("no Ready pod of " + RELEASE));
  }

  /** The image of a plugin pod's container. */
  public static String image(Pod pod) {
    return pod.getSpec().getContainers().getFirst().getImage();
  }

  /** Waits until the kubelet has registered the plugin {@code count} times across its pods. */
  public void awaitRegistrations(int count) throws InterruptedException {
    Poll.until(
        TIMEOUT,
        () -> registrations() >= count,
        () -> {},
        () ->
            "the kubelet did not register the plugin's pod within "
                + TIMEOUT.toSeconds()
                + " s ("
                + registrations()
                + " of "
                + count
                + " registrations); pods: "
                + podStates()
                + "; see "
                + node.layout().podLogs()
                + " and "
                + node.layout().logs());
  }

  /** How often a kubelet has registered the plugin, over every pod it ran in. */
  public int registrations() {
    return logs.count(NodePlugin.REGISTERED);
  }

  /** Everything its pods' GPU containers logged so far, oldest pod first. */
  public String text() {
    return logs.text();
  }

  private List<Pod> pods() {
    return client
        .pods()
        .inNamespace(NAMESPACE)
        .withLabel(COMPONENT, "kubelet-plugin")
        .list()
        .getItems();
  }

  /** Waits until a {@code wanted} pod of the DaemonSet is Ready (its startup probe passed). */
  private void awaitPod(Predicate<Pod> wanted) throws InterruptedException {
    Poll.until(
        TIMEOUT,
        () -> pods().stream().filter(ChartPlugin::ready).anyMatch(wanted),
        () -> {},
        () ->
            "no pod of "
                + RELEASE
                + " Ready within "
                + TIMEOUT.toSeconds()
                + " s: "
                + podStates()
                + "; see "
                + node.layout().podLogs());
  }

  /** The node's driver root, a shared mount: pods mount it with HostToContainer propagation. */
  static void shareDriverRoot(NodeLayout layout) {
    shareDirectory(layout.driverRoot());
  }

  /** Creates {@code dir} and makes it a shared mount, for a hostPath mounted with propagation. */
  static void shareDirectory(Path dir) {
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create " + dir, e);
    }
    Mounts.bindShared(dir);
  }

  /**
   * {@code helm install} of our release from our image, with simulated GPUs and the node's driver
   * root, CDI directory and hook: what every suite's install starts with.
   */
  static List<String> installArgs(
      ChartSource chart, String image, String profile, NodeLayout layout, Path cdiHook) {
    int colon = image.lastIndexOf(':');
    List<String> args = new ArrayList<>(List.of("install", RELEASE));
    args.addAll(chart.args());
    args.addAll(List.of("--namespace", NAMESPACE, "--create-namespace"));
    for (String value :
        List.of(
            "image.repository=" + image.substring(0, colon),
            "image.tag=" + image.substring(colon + 1),
            "image.pullPolicy=IfNotPresent",
            // no classic device plugin serves these GPUs (NVIDIA's coexistence guard)
            "gpuResourcesEnabledOverride=true",
            "simulatedGpus=" + profile,
            "nvidiaDriverRoot=" + layout.driverRoot(),
            "nvidiaCDIHookPath=" + cdiHook,
            "kubeletPlugin.cdiRoot=" + layout.cdiDir())) {
      args.addAll(List.of("--set", value));
    }
    return args;
  }

  /** {@code helm uninstall}; waits until the kubelet has stopped {@code pods}. */
  static void uninstall(Helm helm, java.util.function.Supplier<List<Pod>> pods) {
    helm.run("uninstall", RELEASE, "--namespace", NAMESPACE);
    Instant deadline = Instant.now().plus(TIMEOUT);
    while (!pods.get().isEmpty() && Instant.now().isBefore(deadline)) {
      try {
        Thread.sleep(200);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  static boolean ready(Pod pod) {
    return pod.getMetadata().getDeletionTimestamp() == null
        && pod.getStatus().getConditions() != null
        && pod.getStatus().getConditions().stream()
            .anyMatch(c -> "Ready".equals(c.getType()) && "True".equals(c.getStatus()));
  }

  /** Waits until the plugin has published the node's ResourceSlices: it reached the API server. */
  private void awaitSlices() throws InterruptedException {
    Poll.until(
        TIMEOUT,
        () ->
            client.resources(ResourceSlice.class).list().getItems().stream()
                .anyMatch(s ->
                    node.nodeName().equals(s.getSpec().getNodeName())
                        && "gpu.nvidia.com".equals(s.getSpec().getDriver())),
        () -> {},
        () ->
            "the plugin's pod published no ResourceSlice for "
                + node.nodeName()
                + " within "
                + TIMEOUT.toSeconds()
                + " s; see "
                + node.layout().podLogs());
  }

  private String podStates() {
    return PodStates.of(pods());
  }

  /** {@code helm uninstall} (once); waits until the kubelet has stopped the plugin's pods. */
  @Override
  public void close() {
    if (installed) {
      installed = false;
      uninstall(helm, this::pods);
    }
  }
}
