package dev.gpudra.nvml.jna;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("pcieRoot is the root-complex segment of the device's sysfs path")
class PcieRootResolverTest {

  private static void device(Path sysfs, String chain, String busId) throws Exception {
    Path target = Files.createDirectories(sysfs.resolve("devices").resolve(chain).resolve(busId));
    Path links = Files.createDirectories(sysfs.resolve("bus/pci/devices"));
    Files.createSymbolicLink(links.resolve(busId), links.relativize(target));
  }

  @Test
  @DisplayName("a GPU behind a switch resolves to its root complex")
  void behindSwitch(@TempDir Path sysfs) throws Exception {
    device(sysfs, "pci0000:40/0000:40:01.1/0000:41:00.0/0000:42:08.0", "0000:47:00.0");

    assertThat(new PcieRootResolver(sysfs).rootOf("0000:47:00.0")).contains("pci0000:40");
  }

  @Test
  @DisplayName("a GPU in its own PCI domain (Grace) resolves to that domain's root")
  void ownDomain(@TempDir Path sysfs) throws Exception {
    device(sysfs, "pci0009:00/0009:00:00.0", "0009:01:00.0");

    assertThat(new PcieRootResolver(sysfs).rootOf("0009:01:00.0")).contains("pci0009:00");
  }

  @Test
  @DisplayName("an unknown device, or a path without a root segment, gives no root")
  void unknown(@TempDir Path sysfs) throws Exception {
    device(sysfs, "platform/soc", "0000:07:00.0");
    PcieRootResolver resolver = new PcieRootResolver(sysfs);

    assertThat(resolver.rootOf("0000:99:00.0")).isEmpty();
    assertThat(resolver.rootOf("0000:07:00.0")).isEmpty();
  }

  @Test
  @DisplayName("numa_node gives the NUMA node; -1 (no NUMA), a missing device or garbage gives -1")
  void numaNode(@TempDir Path sysfs) throws Exception {
    device(sysfs, "pci0000:80/0000:80:01.0", "0000:87:00.0");
    device(sysfs, "pci0000:00/0000:00:01.0", "0000:07:00.0");
    device(sysfs, "pci0000:40/0000:40:01.0", "0000:47:00.0");
    Path devices = sysfs.resolve("bus/pci/devices");
    Files.writeString(devices.resolve("0000:87:00.0/numa_node"), "1\n");
    Files.writeString(devices.resolve("0000:07:00.0/numa_node"), "-1\n");
    Files.writeString(devices.resolve("0000:47:00.0/numa_node"), "node0\n");
    PcieRootResolver resolver = new PcieRootResolver(sysfs);

    assertThat(resolver.numaNodeOf("0000:87:00.0")).isEqualTo(1);
    assertThat(resolver.numaNodeOf("0000:07:00.0")).isEqualTo(-1);
    assertThat(resolver.numaNodeOf("0000:47:00.0")).isEqualTo(-1);
    assertThat(resolver.numaNodeOf("0000:99:00.0")).isEqualTo(-1);
  }

  @Test
  @DisplayName("NVML's 8-digit upper-case bus IDs are normalised to sysfs form")
  void normalisesBusIds() {
    assertThat(PciBusIds.normalize("00000000:BD:00.0")).isEqualTo("0000:bd:00.0");
    assertThat(PciBusIds.normalize("00000009:01:00.0")).isEqualTo("0009:01:00.0");
    assertThat(PciBusIds.normalize("0000:07:00.0")).isEqualTo("0000:07:00.0");
  }
}
