package dev.gpudra.deviceplugin.node;

import dev.gpudra.deviceplugin.cdi.SpecFile;
import dev.gpudra.deviceplugin.config.DeviceIdStrategy;
import dev.gpudra.deviceplugin.config.DevicePluginConfig;
import dev.gpudra.deviceplugin.devices.AdvertisedDevice;
import dev.gpudra.deviceplugin.devices.AdvertisedResource;
import dev.gpudra.kit.cdi.CdiDevice;
import dev.gpudra.kit.cdi.ContainerEdits;
import dev.gpudra.kit.cdi.DeviceNode;
import dev.gpudra.node.cdi.DeviceNodeLocator;
import dev.gpudra.node.cdi.MigCapsResolver;
import dev.gpudra.node.driverroot.DriverEdits;
import dev.gpudra.node.driverroot.DriverFileDiscovery;
import dev.gpudra.node.driverroot.DriverFiles;
import dev.gpudra.node.driverroot.DriverRoot;
import dev.gpudra.node.driverroot.GpuNodeEdits;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Builds the GPU spec from the driver root, as NVIDIA's plugin has nvcdi build it: the driver's
 * common edits (control nodes, libraries, programs, hooks through {@code nvidiaCTKPath}) at spec
 * level; per GPU its device node and DRM nodes, named by the device ID strategy.
 */
record GpuSpecSource(
    DevicePluginConfig config,
    DriverRoot root,
    DeviceNodeLocator nodes,
    PluginNode.Setup setup,
    MigCapsResolver caps) {
  private static final Logger log = LoggerFactory.getLogger(GpuSpecSource.class);

  /** Writes one CDI device per advertised device (replicas share theirs). */
  Path write(List<AdvertisedResource> resources, String driverVersion) {
    String hook = config.flags().plugin().nvidiaCtkPath();
    DriverFiles files = new DriverFileDiscovery().discover(root.container(), driverVersion);
    ContainerEdits common = new DriverEdits(root, driverVersion, hook, nodes).common(files);
    GpuNodeEdits perGpu =
        new GpuNodeEdits(
            nodes, root, setup.simulated() ? Optional.empty() : Optional.of(setup.sysRoot()), hook);
    DeviceIdStrategy ids = config.flags().plugin().deviceIdStrategy();
    Map<String, CdiDevice> devices = new LinkedHashMap<>();
    for (AdvertisedResource resource : resources) {
      for (AdvertisedDevice device : resource.devices()) {
        devices.computeIfAbsent(
            device.runtimeId(ids), name -> new CdiDevice(name, edits(device, perGpu)));
      }
    }
    SpecFile specs = SpecFile.gpus(setup.cdiRoot());
    Path file = specs.write(specs.spec(common, List.copyOf(devices.values())));
    log.info(
        "CDI: wrote {} with {} devices (driver {} under {}, host {}: {} libraries; hooks run {})",
        file,
        devices.size(),
        driverVersion,
        root.container(),
        root.host(),
        files.libraries().size(),
        files.libraries().isEmpty() ? "nothing" : hook);
    return file;
  }

  /** A whole GPU's nodes; a MIG device's parent's nodes and its two capability nodes. */
  private ContainerEdits edits(AdvertisedDevice device, GpuNodeEdits perGpu) {
    ContainerEdits parent = perGpu.of(device.gpu());
    if (device.mig().isEmpty()) {
      return parent;
    }
    var mig = device.mig().get().device();
    List<DeviceNode> nodes = new ArrayList<>(parent.deviceNodes());
    nodes.addAll(
        caps.resolve(device.gpu().minor(), mig.gpuInstanceId(), mig.computeInstanceId())
            .deviceNodes());
    return new ContainerEdits(parent.env(), nodes, parent.mounts(), parent.hooks());
  }
}
