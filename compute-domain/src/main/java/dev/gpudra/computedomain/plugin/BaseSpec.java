package dev.gpudra.computedomain.plugin;

import dev.gpudra.computedomain.prepare.DomainDraDriver;
import dev.gpudra.kit.cdi.CdiDevice;
import dev.gpudra.kit.cdi.CdiSpec;
import dev.gpudra.kit.cdi.CdiSpecWriter;
import dev.gpudra.kit.cdi.ContainerEdits;
import dev.gpudra.node.cdi.DeviceNodeLocator;
import dev.gpudra.node.driverroot.DeclaredDeviceNodes;
import dev.gpudra.node.driverroot.DriverEdits;
import dev.gpudra.node.driverroot.DriverFileDiscovery;
import dev.gpudra.node.driverroot.DriverFiles;
import dev.gpudra.node.driverroot.DriverRoot;
import dev.gpudra.node.driverroot.HostDeviceNodes;
import java.nio.file.Path;
import java.util.List;

/**
 * The base spec {@code <cdiRoot>/k8s.compute-domain.nvidia.com-device_base.yaml}: device {@code
 * all}, the driver's management files (control nodes, libraries, programs such as {@code
 * nvidia-imex} and {@code nvidia-imex-ctl}, hooks) from the driver root, and {@code
 * NVIDIA_VISIBLE_DEVICES=void}. Every daemon container gets it.
 */
final class BaseSpec {
  static final String CLASS = "device";
  static final String ID = "base";

  private BaseSpec() {}

  /** Writes the base spec; returns its file. */
  static Path write(DomainPluginConfig config, String driverVersion) {
    DriverRoot root = new DriverRoot(config.driverRoot(), config.hostDriverRoot());
    DeviceNodeLocator nodes =
        config.simulated() ? new DeclaredDeviceNodes() : new HostDeviceNodes(root);
    DriverFiles files = new DriverFileDiscovery().discover(root.container(), driverVersion);
    ContainerEdits management =
        new DriverEdits(root, driverVersion, config.cdiHookPath(), nodes).common(files);
    CdiSpec spec =
        CdiSpec.of(
            DomainDraDriver.CDI_VENDOR + "/" + CLASS,
            null,
            List.of(new CdiDevice("all", management)));
    return new CdiSpecWriter(config.cdiRoot(), DomainDraDriver.CDI_VENDOR, CLASS).write(ID, spec);
  }
}
