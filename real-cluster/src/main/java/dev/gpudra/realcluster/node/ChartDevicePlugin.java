package dev.gpudra.realcluster.node;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The classic device plugin as users run it: a pod of our chart's device-plugin DaemonSet ({@code
 * devicePlugin.enabled}, the DRA plugin off), installed on the real node with a real helm, from our
 * image, with simulated GPUs; its sockets go into the kubelet's real device-plugins directory, and
 * the kubelet's device manager is what it registers with.
 */
public final class ChartDevicePlugin implements AutoCloseable {
  private static final String COMPONENT = "gpu-dra-component";
  private static final Duration TIMEOUT = Duration.ofSeconds(120);
  private static final String CONTAINER = "nvidia-device-plugin-ctr";

  private final Helm helm;
  private final ChartSource chart;
  private final RealNode node;
  private final KubernetesClient client;
  private final DaemonSetLogs logs;

  public ChartDevicePlugin(Helm helm, ChartSource chart, RealNode node, KubernetesClient client) {
    this.helm = Objects.requireNonNull(helm, "helm");
    this.chart = Objects.requireNonNull(chart, "chart");
    this.node = Objects.requireNonNull(node, "node");
    this.client = Objects.requireNonNull(client, "client");
    this.logs =
        new DaemonSetLogs(
            node.layout().podLogs(),
            ChartPlugin.NAMESPACE,
            ChartPlugin.RELEASE + "-device-plugin",
            CONTAINER);
  }

  /**
   * {@code helm install} with the device plugin alone; waits until its pod is Ready.
   *
   * @param image the image, as the node pulls it
   * @param profile the simulated GPU profile
   * @param cdiHook the host's {@code nvidia-cdi-hook}
   * @param moreValues further {@code --set} values, e.g. {@code devicePlugin.deviceListStrategy=x}
   */
  public void install(String image, String profile, Path cdiHook, List<String> moreValues)
      throws InterruptedException {
    NodeLayout layout = node.layout();
    ChartPlugin.shareDriverRoot(layout);
    ChartPlugin.shareDirectory(layout.mpsRoot());
    List<String> args = ChartPlugin.installArgs(chart, image, profile, layout, cdiHook);
    for (String value :
        List.of(
            "resources.gpus.enabled=false",
            "resources.computeDomains.enabled=false",
            "devicePlugin.enabled=true",
            "devicePlugin.mps.root=" + layout.mpsRoot())) {
      args.addAll(List.of("--set", value));
    }
    moreValues.forEach(v -> args.addAll(List.of("--set", v)));
    helm.run(args.toArray(String[]::new));
    awaitPod(p -> true);
  }

  /**
   * The kubelet's device-plugin directory: {@code /var/lib/kubelet/device-plugins} whatever its
   * {@code --root-dir} (the device manager's path is a constant of the kubelet), the chart's
   * default.
   */
  public static final Path DEVICE_PLUGINS = Path.of("/var/lib/kubelet/device-plugins");

  /** What the node's status says it can give of {@code resource} (empty: nothing). */
  public Optional<Quantity> allocatable(String resource) {
    Node current = client.nodes().withName(node.nodeName()).get();
    Map<String, Quantity> allocatable = current.getStatus().getAllocatable();
    return Optional.ofNullable(allocatable == null ? null : allocatable.get(resource));
  }

  /** Waits until the node's allocatable shows {@code count} of {@code resource}. */
  public void awaitAllocatable(String resource, int count) throws InterruptedException {
    Poll.until(
        TIMEOUT,
        () ->
            allocatable(resource)
                .map(q -> q.getNumericalAmount().intValue() == count)
                .orElse(false),
        () -> {},
        () ->
            "the node's allocatable "
                + resource
                + " is "
                + allocatable(resource).map(Quantity::toString).orElse("absent")
                + ", not "
                + count
                + ", after "
                + TIMEOUT.toSeconds()
                + " s; pods: "
                + PodStates.of(pods())
                + "; the plugin's last lines: "
                + logs.tail(5)
                + "; see "
                + node.layout().podLogs()
                + " and "
                + node.layout().logs());
  }

  /**
   * How many ListAndWatch streams for {@code resource} a kubelet has opened, over every pod of the
   * plugin: one per registration, as the plugin logs each.
   */
  public long listAndWatchCalls(String resource) {
    return logs.lines(
        Pattern.compile(".*" + Pattern.quote(resource) + ": ListAndWatch sent \\d+ devices"));
  }

  /**
   * Waits until a kubelet has opened more than {@code before} ListAndWatch streams for {@code
   * resource}: the kubelet's device manager has the plugin's devices again, healthy, after a
   * kubelet or plugin restart. (The node's allocatable does not say so: it still shows what the
   * kubelet reported before it restarted.)
   */
  public void awaitListAndWatch(String resource, long before) throws InterruptedException {
    Poll.until(
        TIMEOUT,
        () -> listAndWatchCalls(resource) > before,
        () -> {},
        () ->
            "no new ListAndWatch for "
                + resource
                + " within "
                + TIMEOUT.toSeconds()
                + " s (had "
                + before
                + "); see "
                + node.layout().podLogs()
                + " and "
                + node.layout().logs());
  }

  /** Deletes the plugin's pod; waits until the DaemonSet's next pod is Ready. */
  public void deletePod() throws InterruptedException {
    Pod old = pods().stream().findFirst().orElseThrow();
    client.pods().resource(old).delete();
    awaitPod(p -> !p.getMetadata().getUid().equals(old.getMetadata().getUid()));
  }

  private List<Pod> pods() {
    return client
        .pods()
        .inNamespace(ChartPlugin.NAMESPACE)
        .withLabel(COMPONENT, "device-plugin")
        .list()
        .getItems();
  }

  private void awaitPod(java.util.function.Predicate<Pod> wanted) throws InterruptedException {
    Poll.until(
        TIMEOUT,
        () -> pods().stream().filter(ChartPlugin::ready).anyMatch(wanted),
        () -> {},
        () ->
            "no device-plugin pod Ready within "
                + TIMEOUT.toSeconds()
                + " s: "
                + pods().stream()
                    .map(p -> p.getMetadata().getName() + " " + p.getStatus().getPhase())
                    .toList()
                + "; see "
                + node.layout().podLogs());
  }

  /** Each pod's phase, conditions, containers' waiting reasons and events: why it is not up. */
  private String podStates() {
    List<String> states = new ArrayList<>();
    for (Pod pod : pods()) {
      StringBuilder state =
          new StringBuilder(pod.getMetadata().getName() + " " + pod.getStatus().getPhase());
      if (pod.getStatus().getConditions() != null) {
        pod.getStatus()
            .getConditions()
            .forEach(c ->
                state.append(
                    " "
                        + c.getType()
                        + "="
                        + c.getStatus()
                        + " "
                        + Objects.toString(c.getMessage(), "")));
      }
      if (pod.getStatus().getContainerStatuses() != null) {
        pod.getStatus().getContainerStatuses().stream()
            .filter(c -> c.getState() != null && c.getState().getWaiting() != null)
            .forEach(c ->
                state.append(
                    " waiting: "
                        + c.getState().getWaiting().getReason()
                        + " "
                        + Objects.toString(c.getState().getWaiting().getMessage(), "")));
      }
      client.v1().events().inNamespace(ChartPlugin.NAMESPACE).list().getItems().stream()
          .filter(e -> pod.getMetadata().getName().equals(e.getInvolvedObject().getName()))
          .forEach(e -> state.append(" event: " + e.getReason() + " " + e.getMessage()));
      states.add(state.toString());
    }
    return states.toString();
  }

  /** {@code helm uninstall}; waits until the kubelet has stopped the plugin's pods. */
  @Override
  public void close() {
    ChartPlugin.uninstall(helm, this::pods);
  }
}
