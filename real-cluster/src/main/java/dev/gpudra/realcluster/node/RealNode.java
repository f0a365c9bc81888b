package dev.gpudra.realcluster.node;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One real node: containerd, the real kubelet and kube-proxy on a {@link NodeNetwork}, registered
 * with the API server as {@code nodeName}, Ready and schedulable. DRA plugins register through
 * {@link NodeLayout#registrarDir()} and write CDI specs to {@link NodeLayout#cdiDir()}; containers'
 * output is read from the kubelet's pod log files ({@link #containerLog}).
 */
public final class RealNode implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(RealNode.class);
  private static final Duration READY_TIMEOUT = Duration.ofSeconds(120);
  private static final Duration DRAIN_TIMEOUT = Duration.ofSeconds(60);

  private final NodeTools tools;
  private final NodeLayout layout;
  private final NodeNetwork network;
  private final String nodeName;
  private final Path kubeconfig;
  private final KubernetesClient client;
  private NodeProcess containerd;
  private static final Path DEVICE_MANAGER_CHECKPOINT =
      Path.of("/var/lib/kubelet/device-plugins/kubelet_internal_checkpoint");

  private NodeProcess kubelet;
  private KubeProxy kubeProxy;
  private HostTraces traces;

  private RealNode(NodeTools tools, NodeLayout layout, NodeNetwork network, NodeJoin join) {
    this.tools = Objects.requireNonNull(tools, "tools");
    this.layout = Objects.requireNonNull(layout, "layout");
    this.network = Objects.requireNonNull(network, "network");
    this.nodeName = join.nodeName();
    this.kubeconfig = join.kubeconfig();
    this.client = join.client();
  }

  /**
   * Starts containerd, imports the node's images, starts the kubelet, waits until the Node is Ready
   * and schedulable, then starts kube-proxy and waits until it routes the API server's Service.
   *
   * @param network the pod network, {@link NodeNetwork#up up} before the control plane
   * @param join the Node's name, the kubelet's credentials and a client of the same cluster
   * @throws RealNodeStartException naming the component that failed; nothing is left running
   */
  public static RealNode start(
      NodeTools tools, NodeLayout layout, NodeNetwork network, NodeJoin join)
      throws InterruptedException {
    StaleNodes.claim(layout.base());
    RealNode node = new RealNode(tools, layout, network, join);
    try {
      node.traces = HostTraces.take();
      node.startContainerd();
      node.importImages();
      node.forgetDevicePlugins();
      node.startKubelet();
      node.awaitReady();
      node.startKubeProxy();
      return node;
    } catch (RuntimeException | InterruptedException e) {
      node.close();
      throw e;
    }
  }

  public String nodeName() {
    return nodeName;
  }

  public NodeLayout layout() {
    return layout;
  }

  /**
   * {@code command} under {@code gpu-dra-testcluster supervise}: stopped when this JVM dies, even
   * by SIGKILL, so that no process of the node outlives the test that started it.
   */
  public List<String> supervised(List<String> command) {
    List<String> wrapped = new ArrayList<>();
    wrapped.addAll(
        List.of(
            tools.testcluster().toString(),
            "supervise",
            "--parent-pid=" + ProcessHandle.current().pid(),
            "--"));
    wrapped.addAll(command);
    return List.copyOf(wrapped);
  }

  /**
   * What of the node has exited since it started (containerd, the kubelet, kube-proxy), one line
   * each with its exit code and the end of its log; empty while everything runs.
   */
  public List<String> exited() {
    return java.util.stream.Stream.of(
            Optional.ofNullable(containerd).flatMap(NodeProcess::exited),
            Optional.ofNullable(kubelet).flatMap(NodeProcess::exited),
            Optional.ofNullable(kubeProxy).flatMap(KubeProxy::exited))
        .flatMap(Optional::stream)
        .toList();
  }

  /** Stops the kubelet alone and starts it again, as a node's kubelet restart does. */
  public void restartKubelet() throws InterruptedException {
    kubelet.close();
    startKubelet();
    awaitReady();
  }

  /**
   * What a container wrote, from the kubelet's log file of its first run, without the CRI timestamp
   * and stream prefix; empty when there is no such file (yet).
   */
  public Optional<List<String>> containerLog(Pod pod, String container) {
    return new ContainerLogs(layout).firstRun(pod, container);
  }

  private void startContainerd() throws InterruptedException {
    try {
      for (Path dir :
          List.of(
              layout.containerdRoot(),
              layout.containerdState(),
              layout.cdiDir(),
              layout.cniConfDir(),
              layout.cniDataDir(),
              layout.images(),
              layout.logs())) {
        Files.createDirectories(dir);
      }
      Files.writeString(layout.containerdConfig(), new ContainerdConfig(layout, tools).toml());
      Files.writeString(
          layout.cniConfDir().resolve("10-gpu-dra.conflist"),
          new CniConfig(layout, network).conflist());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the node's configuration", e);
    }
    containerd =
        NodeProcess.start(
            "containerd",
            // containerd stops when this JVM dies, even by SIGKILL
            supervised(
                List.of(
                    tools.containerd().toString(),
                    "--config",
                    layout.containerdConfig().toString())),
            Map.of("PATH", tools.toolsDir() + ":" + System.getenv("PATH")),
            layout.logs().resolve("containerd.log"));
    Poll.until(
        Duration.ofSeconds(30),
        () -> Processes.succeeds(ctr("version")),
        containerd::checkAlive,
        () -> "containerd did not answer within 30 s");
  }

  private void importImages() {
    for (Path tar : new NodeImages(tools.busybox(), layout.images()).write()) {
      importImage(tar);
    }
  }

  /**
   * Imports the stand-in for NVIDIA's validator image ({@link NodeImages#VALIDATOR}), for suites
   * that run NVIDIA's default validator.
   */
  public void importValidatorStandIn() {
    importImage(new NodeImages(tools.busybox(), layout.images()).validatorStandIn());
  }

  /**
   * Imports a stand-in of NVIDIA's driver image under {@code ref}, reporting {@code version}, or
   * broken ({@link NodeImages#driverStandIn}), and the stand-in driver manager, for the operator's
   * driver DaemonSet.
   */
  public void importDriverStandIn(String ref, String version, boolean healthy) {
    NodeImages images = new NodeImages(tools.busybox(), layout.images());
    importImage(images.driverStandIn(ref, version, healthy));
    if (!driverManagerImported) {
      importImage(images.driverManagerStandIn());
      driverManagerImported = true;
    }
  }

  private boolean driverManagerImported;

  /**
   * Imports an image tar (docker-archive or OCI) into the node's containerd: for the stand-ins of
   * images that cannot be pulled here. Ours arrive through a registry ({@link #mirror}).
   */
  public void importImage(Path tar) {
    Processes.run(ctr("images", "import", tar.toString()));
  }

  /**
   * From now on containerd pulls {@code mirror.registry()}'s images from {@code mirror.server()},
   * as a cluster's registry configuration makes it.
   */
  public void mirror(RegistryMirror mirror) {
    try {
      mirror.writeUnder(layout.registryHosts());
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot configure containerd's mirror of " + mirror.registry(), e);
    }
  }

  private void startKubeProxy() throws InterruptedException {
    kubeProxy =
        KubeProxy.start(
            tools.testcluster(),
            network,
            nodeName,
            kubeconfig,
            layout.logs().resolve("kube-proxy.log"));
    kubeProxy.awaitApiService();
    log.info("kube-proxy routes the kubernetes Service to {}", network.gateway());
  }

  /**
   * A new node starts without the device manager's checkpoint an earlier node on this machine left
   * in {@code /var/lib/kubelet/device-plugins} (a path the kubelet does not put under its root
   * dir): restored, its resources would show on this node at 0 until their grace period ends.
   */
  private void forgetDevicePlugins() {
    try {
      Files.deleteIfExists(DEVICE_MANAGER_CHECKPOINT);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot remove " + DEVICE_MANAGER_CHECKPOINT, e);
    }
  }

  private void startKubelet() {
    try {
      Files.writeString(
          layout.kubeletConfig(),
          new KubeletConfig(layout, network.gateway(), Poll.freePort()).yaml());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the kubelet's configuration", e);
    }
    kubelet =
        NodeProcess.start(
            "kubelet",
            List.of(
                tools.testcluster().toString(),
                "kubelet",
                "--parent-pid=" + ProcessHandle.current().pid(),
                "--config=" + layout.kubeletConfig(),
                "--kubeconfig=" + kubeconfig,
                "--root-dir=" + layout.kubeletRoot(),
                // its serving certificate under the node's directory, not /var/lib/kubelet/pki
                "--cert-dir=" + layout.kubeletRoot().resolve("pki"),
                "--hostname-override=" + nodeName,
                // on the pod network, where kube-proxy looks for the node's address
                "--node-ip=" + network.gateway()),
            Map.of(),
            layout.logs().resolve("kubelet.log"));
  }

  private void awaitReady() throws InterruptedException {
    Poll.until(
        READY_TIMEOUT,
        () -> ready(client.nodes().withName(nodeName).get()),
        () -> {
          containerd.checkAlive();
          kubelet.checkAlive();
        },
        () ->
            "node "
                + nodeName
                + " not Ready and schedulable within "
                + READY_TIMEOUT.toSeconds()
                + " s; see "
                + layout.logs());
    log.info("real node {} Ready (containerd, kubelet)", nodeName);
  }

  private static boolean ready(Node node) {
    if (node == null || node.getStatus() == null || node.getStatus().getConditions() == null) {
      return false;
    }
    boolean ready =
        node.getStatus().getConditions().stream()
            .anyMatch(c -> "Ready".equals(c.getType()) && "True".equals(c.getStatus()));
    boolean tainted =
        node.getSpec().getTaints() != null
            && node.getSpec().getTaints().stream()
                .anyMatch(t -> "NoSchedule".equals(t.getEffect()));
    return ready && !tainted;
  }

  List<String> ctr(String... args) {
    List<String> command = new ArrayList<>();
    command.addAll(
        List.of(
            tools.ctr().toString(),
            "--address",
            layout.containerdSocket().toString(),
            "-n",
            "k8s.io"));
    command.addAll(List.of(args));
    return command;
  }

  /**
   * Deletes every pod bound to the node and waits until the kubelet has stopped their containers
   * and sandboxes (their claims unprepared while the plugin still runs).
   */
  public void drain() {
    if (kubelet != null && kubelet.isAlive() && containerd != null && containerd.isAlive()) {
      new NodeDrain(client, nodeName, () -> runningTasks().isEmpty()).run(DRAIN_TIMEOUT);
    }
  }

  /**
   * Removes the node's pods (the kubelet stops their containers and tears down their network), then
   * stops kube-proxy (its rules go), the kubelet and containerd, kills any shim left, unmounts and
   * deletes everything under the base directory.
   */
  @Override
  public void close() {
    drain();
    if (kubeProxy != null) {
      kubeProxy.close();
    }
    if (kubelet != null) {
      kubelet.close();
    }
    if (containerd != null) {
      if (containerd.isAlive()) {
        runningTasks()
            .forEach(id -> Processes.tryRun(ctr("tasks", "kill", "-a", "-s", "SIGKILL", id)));
      }
      containerd.close();
    }
    new NodeCleanup(layout).run();
    if (traces != null) {
      traces.removeNew();
    }
  }

  /**
   * What of this node is still on the host outside its base directory (iptables chains, the device
   * manager's socket, CNI results), one entry each; empty once {@link #close} removed it all.
   */
  public List<String> leftOnHost() {
    return traces == null ? List.of() : traces.leftSince();
  }

  /** The IDs of containerd's running tasks (containers and sandboxes) in the CRI namespace. */
  private List<String> runningTasks() {
    try {
      return Processes.run(ctr("tasks", "ls"))
          .lines()
          .map(l -> l.trim().split("\\s+"))
          .filter(f -> f.length == 3 && "RUNNING".equals(f[2]))
          .map(f -> f[0])
          .toList();
    } catch (RealNodeStartException e) {
      log.warn("cannot list containerd's tasks: {}", e.getMessage());
      return List.of();
    }
  }
}
