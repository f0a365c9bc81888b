package dev.gpudra.demo;

import dev.gpudra.deviceplugin.config.ConfigLoader;
import dev.gpudra.deviceplugin.config.DevicePluginConfig;
import dev.gpudra.deviceplugin.node.PluginNode;
import dev.gpudra.deviceplugin.server.DevicePluginServers;
import dev.gpudra.deviceplugin.server.KubeletSockets;
import dev.gpudra.kit.grpc.UnixSocketTransport;
import dev.gpudra.kit.slices.FieldSelectors;
import dev.gpudra.localcluster.devicemanager.DevicePluginRuntime;
import dev.gpudra.localcluster.devicemanager.NodeResources;
import dev.gpudra.localcluster.kubelet.KubeletStandIn;
import dev.gpudra.localcluster.kubelet.PodRuntime;
import dev.gpudra.localcluster.kubelet.PodSync;
import dev.gpudra.localcluster.kubelet.StandInConfig;
import dev.gpudra.nvml.simulated.ProfileLoader;
import dev.gpudra.nvml.simulated.SimulatedNvml;
import dev.gpudra.testsupport.devicemanager.ContainerAllocation;
import dev.gpudra.testsupport.devicemanager.DeviceManagerStandIn;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;

/**
 * One simulated node that runs our classic device plugin in-process instead of the DRA driver: its
 * kubelet stand-in (Node registration, pod sync), the device-manager stand-in in front of the pod
 * runtime, and the plugin on the node's simulated GPUs, registered over {@code
 * <dir>/device-plugins/kubelet.sock}. The plugin gives each container {@code
 * NVIDIA_VISIBLE_DEVICES} and the GPUs' CDI names ({@code envvar,cdi-cri}), its CDI spec in {@code
 * <dir>/cdi}.
 */
public final class DevicePluginNode implements AutoCloseable {
  /** The device list strategies the demo's plugin runs with: the env and the CRI's CDI field. */
  static final String STRATEGIES = "envvar,cdi-cri";

  /** The extended resource the plugin advertises. */
  static final String RESOURCE = "nvidia.com/gpu";

  final String name;
  private final KubeletStandIn kubelet;
  private final DeviceManagerStandIn devices;
  private final PodSync pods;
  private final SimulatedNvml nvml;
  private final UnixSocketTransport transport = new UnixSocketTransport(2);
  private final DevicePluginServers plugin;
  private final Path cdiRoot;
  private final KubernetesClient client;

  private DevicePluginNode(
      String name, Path dir, String profile, KubernetesClient client, FieldSelectors selectors) {
    this.name = name;
    this.client = client;
    kubelet =
        new KubeletStandIn(
            StandInConfig.of(mkdirs(dir.resolve("plugins_registry")), name)
                .withSelectors(selectors),
            client);
    kubelet.start();
    devices =
        new DeviceManagerStandIn(
                mkdirs(dir.resolve("device-plugins")), new NodeResources(client, name))
            .start();
    pods =
        new PodSync(
            name,
            client,
            kubelet,
            Clock.systemUTC(),
            new DevicePluginRuntime(devices, PodRuntime.NONE));
    cdiRoot = mkdirs(dir.resolve("cdi"));
    nvml = new SimulatedNvml(new ProfileLoader().load(profile), name);
    DevicePluginConfig config =
        new ConfigLoader().parse("", "demo", Map.of("DEVICE_LIST_STRATEGY", STRATEGIES), Map.of());
    PluginNode node =
        PluginNode.open(
            config,
            nvml,
            new PluginNode.Setup(true, cdiRoot, dir.resolve("sys"), dir.resolve("proc")));
    plugin =
        DevicePluginServers.start(
            config,
            node.resources(),
            node.devices(),
            new KubeletSockets(devices.socket(), transport, transport));
    pods.start();
  }

  /** Starts the node; the plugin has registered when this returns (its first list may follow). */
  static DevicePluginNode start(
      KubernetesClient client, FieldSelectors selectors, Path dir, String name, String profile) {
    return new DevicePluginNode(name, dir, profile, client, selectors);
  }

  /** The device manager: which resources are registered, what each pod's containers got. */
  public DeviceManagerStandIn devices() {
    return devices;
  }

  /** The pod sync: which pods run here, and why one could not start. */
  public PodSync pods() {
    return pods;
  }

  /** What the pod's containers got from the plugin, by container name. */
  public Optional<Map<String, ContainerAllocation>> allocation(String podUid) {
    return devices.allocation(podUid);
  }

  /** The node's allocatable {@code nvidia.com/gpu}, once the device manager has written it. */
  public Optional<String> allocatable() {
    return Optional.ofNullable(client.nodes().withName(name).get())
        .map(n -> n.getStatus() == null ? null : n.getStatus().getAllocatable())
        .map(a -> a.get(RESOURCE))
        .map(Object::toString);
  }

  /**
   * Whether the node's allocatable {@code nvidia.com/gpu} counts every GPU the plugin serves: a
   * device manager writes 0 on registration, the count after the plugin's first list.
   */
  public boolean allGpusAllocatable() {
    return allocatable().equals(Optional.of(Integer.toString(nvml.gpus().size())));
  }

  /** Where the plugin writes its CDI spec. */
  public Path cdiRoot() {
    return cdiRoot;
  }

  private static Path mkdirs(Path dir) {
    try {
      return Files.createDirectories(dir);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create " + dir, e);
    }
  }

  @Override
  public void close() {
    pods.close();
    plugin.close();
    devices.close();
    kubelet.close();
    transport.close();
    nvml.close();
  }
}
