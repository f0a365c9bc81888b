package dev.gpudra.node.driverroot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpudra.kit.cdi.CdiException;
import dev.gpudra.kit.cdi.ContainerEdits;
import dev.gpudra.kit.cdi.DeviceNode;
import dev.gpudra.nvml.GpuInfo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GpuNodeEditsTest {
  static final String HOOK = "/usr/bin/nvidia-cdi-hook";

  @TempDir Path root;
  @TempDir Path sys;

  @Test
  @DisplayName(
      "a GPU with DRM nodes: /dev/nvidiaN, card then renderD, and the host's by-path links made by"
          + " create-symlinks")
  void drmNodesAndByPathLinks() throws Exception {
    GpuInfo gpu = SimulatedGpus.gpu(3);
    String bus = gpu.pciBusId();
    for (String name : List.of("renderD131", "card3", "controlD67")) {
      Files.createDirectories(sys.resolve("bus/pci/devices/" + bus + "/drm/" + name));
    }
    for (String node : List.of("nvidia3", "dri/card3", "dri/renderD131")) {
      Files.createDirectories(root.resolve("dev/" + node).getParent());
      Files.writeString(root.resolve("dev/" + node), "");
    }
    Files.createDirectories(root.resolve("dev/dri/by-path"));
    Files.createSymbolicLink(
        root.resolve("dev/dri/by-path/pci-" + bus + "-card"), Path.of("../card3"));
    Files.createSymbolicLink(
        root.resolve("dev/dri/by-path/pci-" + bus + "-render"), Path.of("../renderD131"));
    DriverRoot driverRoot = new DriverRoot(root, Path.of("/run/nvidia/driver"));
    GpuNodeEdits edits =
        new GpuNodeEdits(
            new DriverEditsTest.PresentFiles(driverRoot), driverRoot, Optional.of(sys), HOOK);

    ContainerEdits gpuEdits = edits.of(gpu);

    assertThat(gpuEdits.deviceNodes())
        .extracting(DeviceNode::path, DeviceNode::hostPath)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("/dev/nvidia3", "/run/nvidia/driver/dev/nvidia3"),
            org.assertj.core.groups.Tuple.tuple(
                "/dev/dri/card3", "/run/nvidia/driver/dev/dri/card3"),
            org.assertj.core.groups.Tuple.tuple(
                "/dev/dri/renderD131", "/run/nvidia/driver/dev/dri/renderD131"));
    assertThat(gpuEdits.hooks()).hasSize(1);
    assertThat(gpuEdits.hooks().getFirst().args())
        .containsExactly(
            "nvidia-cdi-hook",
            "create-symlinks",
            "--link",
            "../card3::" + root + "/dev/dri/by-path/pci-" + bus + "-card",
            "--link",
            "../renderD131::" + root + "/dev/dri/by-path/pci-" + bus + "-render");
  }

  @Test
  @DisplayName(
      "a GPU without DRM (compute only): just /dev/nvidiaN; a missing one fails, naming it")
  void computeOnlyAndMissing() throws Exception {
    Files.createDirectories(root.resolve("dev"));
    Files.writeString(root.resolve("dev/nvidia0"), "");
    DriverRoot driverRoot = new DriverRoot(root, root);
    GpuNodeEdits edits =
        new GpuNodeEdits(
            new DriverEditsTest.PresentFiles(driverRoot), driverRoot, Optional.of(sys), HOOK);

    assertThat(edits.of(SimulatedGpus.gpu(0)).deviceNodes())
        .extracting(DeviceNode::path)
        .containsExactly("/dev/nvidia0");
    assertThat(edits.of(SimulatedGpus.gpu(0)).hooks()).isEmpty();
    assertThatThrownBy(() -> edits.of(SimulatedGpus.gpu(1)))
        .isInstanceOf(CdiException.class)
        .hasMessageContaining("device node /dev/nvidia1 of GPU");
  }
}
