package dev.gpudra.node.pci;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpudra.testsupport.kernel.SysfsStandIn;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The PCI layer against the sysfs stand-in, whose thread answers driver writes as the kernel does:
 * GPUs read with their attributes, and moved between nvidia and vfio-pci.
 */
class PciSysfsIT {
  private static final String GPU_A = "0000:3b:00.0";
  private static final String GPU_B = "0000:86:00.0";

  @TempDir Path root;
  private SysfsStandIn kernel;
  private PciSysfs sysfs;

  @BeforeEach
  void start() throws Exception {
    kernel =
        SysfsStandIn.start(
            root,
            List.of(
                new SysfsStandIn.Gpu(GPU_B, 0x2330, 1, 41, Optional.of("nvidia")),
                new SysfsStandIn.Gpu(GPU_A, 0x2330, 0, 17, Optional.of("nvidia"))));
    // an NVIDIA audio function and another vendor's GPU are not GPUs of ours
    Path audio = Files.createDirectories(root.resolve("devices/pci0000:00/0000:3b:00.1"));
    Files.writeString(audio.resolve("vendor"), "0x10de\n");
    Files.writeString(audio.resolve("class"), "0x040300\n");
    Files.createSymbolicLink(
        root.resolve("bus/pci/devices/0000:3b:00.1"),
        Path.of("../../../devices/pci0000:00/0000:3b:00.1"));
    sysfs = new PciSysfs(root);
  }

  @AfterEach
  void stop() {
    kernel.close();
  }

  @Test
  @DisplayName(
      "NVIDIA GPUs are read by address: device ID, NUMA node, IOMMU group, driver, PCIe root and"
          + " the 64-bit BARs rounded up to a power of two")
  void readsGpus() {
    List<PciGpu> gpus = sysfs.gpus();

    assertThat(gpus).extracting(PciGpu::address).containsExactly(GPU_A, GPU_B);
    PciGpu a = gpus.getFirst();
    assertThat(a.deviceId()).isEqualTo(0x2330);
    assertThat(a.numaNode()).isZero();
    assertThat(a.iommuGroup()).contains(17);
    assertThat(a.driver()).contains("nvidia");
    assertThat(a.pcieRoot()).contains("pci0000:00");
    assertThat(a.addressableMemory()).as("64 GiB + 32 MiB, rounded up").isEqualTo(128L << 30);
    assertThat(a.virtualFunctions()).isZero();
    assertThat(sysfs.iommuEnabled()).isTrue();
    assertThat(sysfs.driverRegistered("vfio-pci")).isTrue();
    assertThat(sysfs.driverRegistered("nouveau")).isFalse();
  }

  @Test
  @DisplayName(
      "a GPU moves to vfio-pci and back through driver_override, unbind and drivers_probe; the"
          + " override is cleared once it is bound")
  void movesBetweenDrivers() throws Exception {
    PciDriverSwitch drivers = new PciDriverSwitch(sysfs, Duration.ofSeconds(5));

    drivers.bind(GPU_A, "vfio-pci");

    assertThat(kernel.driver(GPU_A)).contains("vfio-pci");
    assertThat(kernel.driver(GPU_B)).contains("nvidia");
    assertThat(
            Files.readString(
                root.resolve("bus/pci/devices").resolve(GPU_A).resolve("driver_override")))
        .isBlank();

    drivers.bind(GPU_A, "nvidia");
    drivers.bind(GPU_A, "nvidia");

    assertThat(kernel.driver(GPU_A)).contains("nvidia");
  }

  @Test
  @DisplayName(
      "a driver that is not registered, or a kernel that does not bind in time, is an error naming"
          + " the GPU and what to look at")
  void refusals() {
    assertThatThrownBy(
            () -> new PciDriverSwitch(sysfs, Duration.ofSeconds(5)).bind(GPU_A, "nouveau"))
        .isInstanceOf(PciException.class)
        .hasMessageContaining("GPU " + GPU_A + ": no PCI driver nouveau")
        .hasMessageContaining("is its module loaded");
    kernel.close();

    assertThatThrownBy(
            () -> new PciDriverSwitch(sysfs, Duration.ofMillis(300)).bind(GPU_B, "vfio-pci"))
        .isInstanceOf(PciException.class)
        .hasMessageContaining(
            "GPU " + GPU_B + " is not bound to vfio-pci 300 ms after drivers_probe")
        .hasMessageContaining("see the kernel log");
  }
}
