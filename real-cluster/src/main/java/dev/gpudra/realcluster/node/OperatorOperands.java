package dev.gpudra.realcluster.node;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.gpudra.api.clusterpolicy.ClusterPolicySpec;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * gpu-dra's operands as the ClusterPolicy operator deploys them on the real node: the node laid out
 * for them (the driver root and MPS root shared mounts, a toolkit install directory holding the
 * host's {@code nvidia-cdi-hook}), the policy that points them at the node's directories, and waits
 * on what the kubelet then runs: the DRA driver's DaemonSet pod, Ready and registered, and the
 * device plugin's GPUs in the node's allocatable.
 */
public final class OperatorOperands {
  /** The DRA driver's DaemonSet, as the operator names it. */
  public static final String DRA_DRIVER = "nvidia-dra-driver-kubelet-plugin";

  /** The device plugin's DaemonSet, as the operator names it. */
  public static final String DEVICE_PLUGIN = "nvidia-device-plugin-daemonset";

  private static final Duration TIMEOUT = Duration.ofSeconds(120);

  private final RealNode node;
  private final KubernetesClient client;
  private final String namespace;
  private final DaemonSetLogs draLogs;
  private final DaemonSetLogs domainLogs;
  private final DaemonSetLogs devicePluginLogs;

  /**
   * @param node the node the operands run on
   * @param client a client of its cluster
   * @param namespace the operator's namespace, where the operands run
   */
  public OperatorOperands(RealNode node, KubernetesClient client, String namespace) {
    this.node = Objects.requireNonNull(node, "node");
    this.client = Objects.requireNonNull(client, "client");
    this.namespace = Objects.requireNonNull(namespace, "namespace");
    Path podLogs = node.layout().podLogs();
    this.draLogs = new DaemonSetLogs(podLogs, namespace, DRA_DRIVER, "gpus");
    this.domainLogs = new DaemonSetLogs(podLogs, namespace, DRA_DRIVER, "compute-domains");
    this.devicePluginLogs =
        new DaemonSetLogs(podLogs, namespace, DEVICE_PLUGIN, "nvidia-device-plugin");
  }

  /**
   * Lays the node out for the operands: {@code /run/nvidia} and {@code /run/mellanox/drivers}
   * (NVIDIA's driver pod's), the driver and MPS roots and NVIDIA's validation directory as shared
   * mounts (the pods mount them with propagation) and {@code toolkit/nvidia-cdi-hook} under {@link
   * NodeLayout#toolkitDir()}, a link to the host's hook.
   */
  public void prepare(Path cdiHook) {
    NodeLayout layout = node.layout();
    // NVIDIA's driver pod mounts /run/nvidia Bidirectional and /run/mellanox/drivers
    // HostToContainer, which need shared mounts; first, so that the validation directory below
    // is shared inside /run/nvidia
    ChartPlugin.shareDirectory(Path.of("/run/nvidia"));
    ChartPlugin.shareDirectory(Path.of("/run/mellanox/drivers"));
    ChartPlugin.shareDriverRoot(layout);
    ChartPlugin.shareDirectory(layout.mpsRoot());
    // the validation waits mount it HostToContainer, which needs a shared mount (a systemd host's
    // root is one; this machine's is private)
    ChartPlugin.shareDirectory(ValidationFiles.DIR);
    Path hook = layout.toolkitDir().resolve("toolkit/nvidia-cdi-hook");
    try {
      Files.createDirectories(hook.getParent());
      Files.deleteIfExists(hook);
      Files.createSymbolicLink(hook, cdiHook.toAbsolutePath());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot link " + hook + " to " + cdiHook, e);
    }
  }

  /**
   * A ClusterPolicy spec for this node: driver and toolkit pre-installed (the toolkit's directory
   * is {@link NodeLayout#toolkitDir()}), NVIDIA's image operands off, the host paths of the node's
   * layout, our operands from our image in the node's registry with simulated GPUs, and GPU pods
   * drained when a node moves.
   *
   * @param profile the simulated GPU profile both plugins report
   * @param draNodes which nodes run DRA ({@code all}, {@code none})
   * @param computeDomains whether the DRA driver runs ComputeDomains (its controller too)
   */
  public ClusterPolicySpec spec(String profile, String draNodes, boolean computeDomains) {
    NodeLayout layout = node.layout();
    String simulated = "[{name: SIMULATED_GPUS, value: " + profile + "}]";
    String yaml =
        String.join(
            "\n",
            "operator: {defaultRuntime: containerd}",
            "daemonsets: {}",
            "driver: {enabled: false}",
            "toolkit: {enabled: false, installDir: " + layout.toolkitDir() + "}",
            "devicePlugin:",
            "  enabled: true",
            "  imagePullPolicy: IfNotPresent",
            "  env: " + simulated,
            "  mps: {root: " + layout.mpsRoot() + "}",
            "dcgm: {enabled: false}",
            "dcgmExporter: {enabled: false}",
            "gfd: {enabled: false}",
            "migManager: {enabled: false}",
            "nodeStatusExporter: {enabled: false}",
            "hostPaths:",
            "  rootFS: " + layout.driverRoot(),
            "  kubeletRootDir: " + layout.kubeletRoot(),
            "  cdiRoot: " + layout.cdiDir(),
            "draDriver:",
            "  imagePullPolicy: IfNotPresent",
            "  computeDomains: {enabled: "
                + computeDomains
                + ", kubeletPlugin: {env: "
                + simulated
                + "}}",
            "  gpus: {kubeletPlugin: {env: " + simulated + "}}",
            "migration:",
            "  draNodes: " + draNodes,
            "  drain: {enable: true}",
            "");
    try {
      return new ObjectMapper(new YAMLFactory()).readValue(yaml, ClusterPolicySpec.class);
    } catch (IOException e) {
      throw new UncheckedIOException("the real node's ClusterPolicy spec does not parse", e);
    }
  }

  /**
   * Waits until the node's pod of {@code daemonSet} runs its init container {@code initContainer}
   * (waiting for a validation file) and none of its containers has started.
   */
  public Pod awaitInit(String daemonSet, String initContainer) throws InterruptedException {
    Poll.until(
        TIMEOUT,
        () -> pods(daemonSet).stream().anyMatch(p -> initRunning(p, initContainer)),
        () -> {},
        () ->
            daemonSet
                + " is not waiting in "
                + initContainer
                + ": "
                + PodStates.of(pods(daemonSet)));
    return pods(daemonSet).stream()
        .filter(p -> initRunning(p, initContainer))
        .findFirst()
        .orElseThrow();
  }

  private static boolean initRunning(Pod pod, String initContainer) {
    return pod.getStatus() != null
        && pod.getStatus().getInitContainerStatuses() != null
        && pod.getStatus().getInitContainerStatuses().stream()
            .anyMatch(c ->
                initContainer.equals(c.getName())
                    && c.getState() != null
                    && c.getState().getRunning() != null)
        && pod.getStatus().getContainerStatuses().stream()
            .allMatch(c -> c.getState() == null || c.getState().getRunning() == null);
  }

  /** Waits until the operator's {@code deployment} has a Ready pod. */
  public Pod awaitDeployment(String deployment) throws InterruptedException {
    Poll.until(
        TIMEOUT,
        () -> readyPod(deployment),
        () -> {},
        () -> deployment + " has no Ready pod: " + PodStates.of(pods(deployment)));
    return pods(deployment).stream().filter(ChartPlugin::ready).findFirst().orElseThrow();
  }

  /** How often a kubelet has registered the DRA driver, over every pod it ran in. */
  public int draRegistrations() {
    return draLogs.count(NodePlugin.REGISTERED);
  }

  /**
   * Waits until a Ready pod of the DRA driver's DaemonSet runs on the node, the kubelet has
   * registered it more than {@code registrationsBefore} times and it has published the node's
   * ResourceSlices.
   */
  public Pod awaitDraDriver(int registrationsBefore) throws InterruptedException {
    Poll.until(
        TIMEOUT,
        () -> readyPod(DRA_DRIVER) && draRegistrations() > registrationsBefore && slicesPublished(),
        () -> {},
        () ->
            "the DRA driver did not come up on "
                + node.nodeName()
                + " within "
                + TIMEOUT.toSeconds()
                + " s: pods "
                + PodStates.of(pods(DRA_DRIVER))
                + ", "
                + draRegistrations()
                + " registrations, slices published: "
                + slicesPublished()
                + "; its last lines: "
                + draLogs.tail(5)
                + "; compute-domains': "
                + domainLogs.tail(8));
    return pods(DRA_DRIVER).stream().filter(ChartPlugin::ready).findFirst().orElseThrow();
  }

  /** Waits until the node's allocatable shows {@code count} of {@code resource}. */
  public void awaitAllocatable(String resource, int count) throws InterruptedException {
    Poll.until(
        TIMEOUT,
        () -> allocatable(resource) == count,
        () -> {},
        () ->
            "the node's allocatable "
                + resource
                + " is "
                + allocatable(resource)
                + ", not "
                + count
                + ", after "
                + TIMEOUT.toSeconds()
                + " s; device plugin pods: "
                + PodStates.of(pods(DEVICE_PLUGIN))
                + "; its last lines: "
                + devicePluginLogs.tail(5));
  }

  /** Waits until no pod of {@code daemonSet} is left on the node. */
  public void awaitNoPod(String daemonSet) throws InterruptedException {
    Poll.until(
        TIMEOUT,
        () -> pods(daemonSet).isEmpty(),
        () -> {},
        () -> daemonSet + "'s pods are still there: " + PodStates.of(pods(daemonSet)));
  }

  /** The pods of the operator's {@code workload} (a DaemonSet or Deployment) on the node. */
  public List<Pod> pods(String workload) {
    return client.pods().inNamespace(namespace).list().getItems().stream()
        .filter(p -> p.getMetadata().getName().startsWith(workload + "-"))
        .filter(p -> node.nodeName().equals(p.getSpec().getNodeName()))
        .toList();
  }

  private boolean readyPod(String daemonSet) {
    return pods(daemonSet).stream().anyMatch(ChartPlugin::ready);
  }

  private boolean slicesPublished() {
    return client.resources(ResourceSlice.class).list().getItems().stream()
        .anyMatch(s ->
            node.nodeName().equals(s.getSpec().getNodeName())
                && "gpu.nvidia.com".equals(s.getSpec().getDriver()));
  }

  private int allocatable(String resource) {
    var allocatable = client.nodes().withName(node.nodeName()).get().getStatus().getAllocatable();
    return allocatable == null || !allocatable.containsKey(resource)
        ? 0
        : allocatable.get(resource).getNumericalAmount().intValue();
  }
}
