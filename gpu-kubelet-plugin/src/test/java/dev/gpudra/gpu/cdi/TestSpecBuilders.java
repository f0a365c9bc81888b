package dev.gpudra.gpu.cdi;

import dev.gpudra.kit.cdi.ContainerEdits;
import dev.gpudra.node.cdi.DeviceNodeLocator;
import dev.gpudra.node.cdi.SimulatedMigCapsResolver;
import dev.gpudra.node.driverroot.DeclaredDeviceNodes;
import dev.gpudra.node.driverroot.DriverEdits;
import dev.gpudra.node.driverroot.DriverFiles;
import dev.gpudra.node.driverroot.DriverRoot;
import dev.gpudra.node.driverroot.GpuNodeEdits;
import java.nio.file.Path;
import java.util.Optional;

/** Spec builders for tests. */
public final class TestSpecBuilders {
  private TestSpecBuilders() {}

  /** Simulated GPUs on a node without a driver: declared nodes, no driver files, no hooks. */
  public static ClaimSpecBuilder simulated() {
    DeviceNodeLocator nodes = new DeclaredDeviceNodes();
    ContainerEdits common =
        new DriverEdits(
                new DriverRoot(Path.of("/nonexistent"), Path.of("/")),
                "580.95.05",
                "/usr/bin/nvidia-cdi-hook",
                nodes)
            .common(DriverFiles.none());
    return new ClaimSpecBuilder(
        new SimulatedMigCapsResolver(),
        common,
        new GpuNodeEdits(
            nodes,
            new DriverRoot(Path.of("/nonexistent"), Path.of("/")),
            Optional.empty(),
            "/usr/bin/nvidia-cdi-hook"));
  }
}
