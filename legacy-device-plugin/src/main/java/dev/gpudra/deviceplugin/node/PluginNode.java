package dev.gpudra.deviceplugin.node;

import dev.gpudra.deviceplugin.allocation.GpuLinks;
import dev.gpudra.deviceplugin.config.DeviceListStrategy;
import dev.gpudra.deviceplugin.config.DevicePluginConfig;
import dev.gpudra.deviceplugin.config.MigStrategy;
import dev.gpudra.deviceplugin.devices.AdvertisedDevice;
import dev.gpudra.deviceplugin.devices.AdvertisedResource;
import dev.gpudra.deviceplugin.devices.DeviceInventory;
import dev.gpudra.deviceplugin.devices.NodeGpus;
import dev.gpudra.deviceplugin.server.NodeDevices;
import dev.gpudra.node.cdi.DeviceNodeLocator;
import dev.gpudra.node.cdi.MigCapsResolver;
import dev.gpudra.node.cdi.ProcMigCapsResolver;
import dev.gpudra.node.cdi.SimulatedMigCapsResolver;
import dev.gpudra.node.driverroot.DeclaredDeviceNodes;
import dev.gpudra.node.driverroot.DriverRoot;
import dev.gpudra.node.driverroot.HostDeviceNodes;
import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.GpuLink;
import dev.gpudra.nvml.MigDevice;
import dev.gpudra.nvml.MigMode;
import dev.gpudra.nvml.Nvml;
import dev.gpudra.nvml.NvmlException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.UUID;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the plugin serves on this node: the resources its GPUs make under the config, what Allocate
 * reads from the node, and the CDI spec, written before the servers start when a CDI strategy is
 * on.
 *
 * @param resources the advertised resources
 * @param devices what Allocate reads from the node
 * @param cdiSpec the CDI spec file written, if any
 */
public record PluginNode(
    List<AdvertisedResource> resources, NodeDevices devices, Optional<Path> cdiSpec) {
  private static final Logger log = LoggerFactory.getLogger(PluginNode.class);

  /**
   * Where the node's facts are.
   *
   * @param simulated simulated GPUs: device nodes are declared, not looked up, and no NUMA
   * @param cdiRoot where the CDI spec goes ({@code --cdi-root}, {@code /var/run/cdi})
   * @param sysRoot sysfs ({@code /sys})
   * @param procRoot procfs ({@code /proc}: the MIG capability minors)
   */
  public record Setup(boolean simulated, Path cdiRoot, Path sysRoot, Path procRoot) {
    public Setup {
      Objects.requireNonNull(cdiRoot, "cdiRoot");
      Objects.requireNonNull(sysRoot, "sysRoot");
      Objects.requireNonNull(procRoot, "procRoot");
    }

    /** The host's {@code /sys} and {@code /proc}. */
    public static Setup of(boolean simulated, Path cdiRoot) {
      return new Setup(simulated, cdiRoot, Path.of("/sys"), Path.of("/proc"));
    }
  }

  /**
   * Reads the GPUs, builds the resources and writes the CDI spec if a strategy needs it.
   *
   * @throws dev.gpudra.deviceplugin.devices.UnsupportedSettingException for settings not built
   * @throws dev.gpudra.kit.cdi.CdiException when the spec cannot be built or written
   * @throws ImexChannelMissingException {@code imex.required} and a channel is not on the node
   */
  public static PluginNode open(DevicePluginConfig config, Nvml nvml, Setup setup) {
    NodeGpus gpus = gpus(config, nvml);
    Function<GpuInfo, OptionalInt> numa =
        setup.simulated() ? g -> OptionalInt.empty() : new SysfsNuma(setup.sysRoot())::of;
    List<AdvertisedResource> resources =
        withLinks(DeviceInventory.resources(config, gpus, numa), nvml);
    DriverRoot root = driverRoot(config);
    DeviceNodeLocator nodes =
        setup.simulated() ? new DeclaredDeviceNodes() : new HostDeviceNodes(root);
    MigCapsResolver caps =
        setup.simulated()
            ? new SimulatedMigCapsResolver()
            : new ProcMigCapsResolver(setup.procRoot());
    DevicePaths paths = new DevicePaths(caps);
    ImexChannels imex = new ImexChannels(config.imex(), nodes);
    List<Integer> channels = imex.present();
    Optional<Path> spec = Optional.empty();
    if (config.flags().plugin().deviceListStrategy().stream().anyMatch(DeviceListStrategy::cdi)) {
      spec =
          Optional.of(
              new GpuSpecSource(config, root, nodes, setup, caps)
                  .write(resources, nvml.system().driverVersion()));
      imex.writeSpec(channels, setup.cdiRoot());
    }
    NodeDevices devices =
        new NodeDevices(
            path -> nodes.locate(path).isPresent(),
            paths::of,
            () -> UUID.randomUUID().toString(),
            channels);
    return new PluginNode(resources, devices, spec);
  }

  /**
   * The resources the node's GPUs make under the config, without links, CDI spec or NUMA: what the
   * MPS control daemon needs to know.
   */
  public static List<AdvertisedResource> resources(DevicePluginConfig config, Nvml nvml) {
    return DeviceInventory.resources(config, gpus(config, nvml), gpu -> OptionalInt.empty());
  }

  /**
   * Whole-GPU resources with the links of their GPUs, read once here (every pair, once, for all
   * resources); where NVML does not tell, the resource goes without GetPreferredAllocation.
   */
  private static List<AdvertisedResource> withLinks(List<AdvertisedResource> resources, Nvml nvml) {
    Map<List<String>, GpuLink> read = new HashMap<>();
    List<AdvertisedResource> linked = new ArrayList<>();
    for (AdvertisedResource resource : resources) {
      if (!resource.wholeGpus() || resource.devices().size() < 2) {
        linked.add(resource);
        continue;
      }
      Map<String, GpuInfo> byId = new HashMap<>();
      resource.devices().forEach(d -> byId.put(d.id(), d.gpu()));
      List<String> ids = resource.devices().stream().map(AdvertisedDevice::id).toList();
      try {
        GpuLinks links =
            GpuLinks.read(
                ids,
                (a, b) ->
                    read.computeIfAbsent(
                        List.of(a, b), pair -> nvml.link(byId.get(a), byId.get(b))));
        linked.add(resource.withLinks(links));
        log.info("{}: read the NVLink/PCIe links of {} GPUs", resource.name(), ids.size());
      } catch (NvmlException e) {
        log.warn(
            "{}: no GetPreferredAllocation, NVML did not tell how the GPUs are linked: {}",
            resource.name(),
            e.getMessage());
        linked.add(resource);
      }
    }
    return List.copyOf(linked);
  }

  /** The GPUs, with the MIG devices of MIG-enabled ones where a MIG strategy looks at them. */
  private static NodeGpus gpus(DevicePluginConfig config, Nvml nvml) {
    List<GpuInfo> gpus = nvml.gpus();
    if (config.flags().migStrategy() == MigStrategy.NONE) {
      return NodeGpus.whole(gpus);
    }
    Map<String, List<MigDevice>> migs = new HashMap<>();
    for (GpuInfo gpu : gpus) {
      if (nvml.migMode(gpu) == MigMode.ENABLED) {
        migs.put(gpu.uuid(), nvml.migDevices(gpu));
      }
    }
    return new NodeGpus(gpus, migs);
  }

  /**
   * The driver root as the plugin sees it ({@code containerDriverRoot} in NVIDIA's pod) and as the
   * host does ({@code nvidiaDriverRoot}); a plugin run on the host itself, where the container's
   * path does not exist, reads the host's root directly.
   */
  public static DriverRoot driverRoot(DevicePluginConfig config) {
    Path host = Path.of(config.flags().nvidiaDriverRoot());
    Path container = Path.of(config.flags().plugin().containerDriverRoot());
    if (!Files.isDirectory(container)) {
      log.info(
          "no driver root at {} (flags.plugin.containerDriverRoot): reading the host's, {}",
          container,
          host);
      container = host;
    }
    return new DriverRoot(container, host);
  }
}
