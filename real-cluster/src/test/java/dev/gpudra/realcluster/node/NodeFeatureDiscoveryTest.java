package dev.gpudra.realcluster.node;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

class NodeFeatureDiscoveryTest {
  private static final List<String> NVIDIA_CLASSES = List.of("02", "0200", "0207", "0300", "0302");

  @TempDir Path dir;

  @Test
  @DisplayName(
      "a feature file is written whole, with NFD's line format, in directories made for it; close"
          + " removes the file and those directories, not the ones that were there")
  void featureFiles() throws IOException {
    Path featuresDir = dir.resolve("etc/kubernetes/node-feature-discovery/features.d");
    Files.createDirectories(dir.resolve("etc"));
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put(NodeFeatureDiscovery.GPU_PRESENT, "true");
    labels.put("nvidia.com/x", "1");

    try (NodeFeatureDiscovery nfd = new NodeFeatureDiscovery(featuresDir)) {
      Path file = nfd.writeFeatureFile("gpu", labels);

      assertThat(Files.readAllLines(file))
          .containsExactly(
              "# written by gpu-dra's e2e harness",
              "feature.node.kubernetes.io/pci-10de.present=true",
              "nvidia.com/x=1");
      try (Stream<Path> files = Files.list(featuresDir)) {
        assertThat(files).containsExactly(file);
      }
    }

    assertThat(dir.resolve("etc")).isEmptyDirectory();
  }

  @Test
  @DisplayName("a directory something else wrote into is kept on close")
  void keepsWhatOthersWrote() throws IOException {
    Path featuresDir = dir.resolve("features.d");
    NodeFeatureDiscovery nfd = new NodeFeatureDiscovery(featuresDir);
    nfd.writeFeatureFile("gpu", Map.of("a", "b"));
    Files.writeString(featuresDir.resolve("other"), "c=d\n");

    nfd.close();

    assertThat(featuresDir).isDirectoryContaining(p -> p.endsWith("other"));
    assertThat(featuresDir.resolve("gpu")).doesNotExist();
  }

  /** One PCI device in a sysfs tree, and the labels NFD gives it under NVIDIA's settings. */
  record Device(String name, String pciClass, String vendor, boolean sriov, List<String> labels) {
    @Override
    public String toString() {
      return name;
    }
  }

  static final List<Device> DEVICES =
      List.of(
          new Device("H100 (3D controller)", "0x030200", "0x10de", false, List.of("pci-10de")),
          new Device("VGA display", "0x030000", "0x1234", false, List.of("pci-1234")),
          new Device(
              "virtio network", "0x020000", "0x1af4", true, List.of("pci-1af4", "sriov-1af4")),
          new Device("InfiniBand (0207)", "0x020700", "0x15b3", false, List.of("pci-15b3")),
          new Device("NVMe storage, not listed", "0x010802", "0x144d", false, List.of()),
          new Device("host bridge, not listed", "0x060000", "0x8086", false, List.of()));

  @ParameterizedTest(name = "{0}")
  @FieldSource("DEVICES")
  @DisplayName("NFD's PCI labels with NVIDIA's class whitelist and deviceLabelFields [vendor]")
  void pciLabels(Device device) throws IOException {
    Path pci = dir.resolve("bus/pci/devices/0000:00:03.0");
    Files.createDirectories(pci);
    Files.writeString(pci.resolve("class"), device.pciClass() + "\n");
    Files.writeString(pci.resolve("vendor"), device.vendor() + "\n");
    for (String attribute : List.of("device", "subsystem_vendor", "subsystem_device")) {
      Files.writeString(pci.resolve(attribute), "0x0001\n");
    }
    if (device.sriov()) {
      Files.writeString(pci.resolve("sriov_totalvfs"), "8\n");
    }

    assertThat(NodeFeatureDiscovery.pciLabels(dir, NVIDIA_CLASSES))
        .containsExactlyInAnyOrderElementsOf(
            device.labels().stream()
                .map(l ->
                    l.startsWith("sriov-")
                        ? "feature.node.kubernetes.io/pci-" + l.substring(6) + ".sriov.capable"
                        : "feature.node.kubernetes.io/" + l + ".present")
                .toList());
  }

  @Test
  @DisplayName("a device with an attribute missing is skipped, as NFD skips it")
  void incompleteDevice() throws IOException {
    Path pci = dir.resolve("bus/pci/devices/0000:00:04.0");
    Files.createDirectories(pci);
    Files.writeString(pci.resolve("class"), "0x030200\n");
    Files.writeString(pci.resolve("vendor"), "0x10de\n");

    assertThat(NodeFeatureDiscovery.pciLabels(dir, NVIDIA_CLASSES)).isEmpty();
    assertThat(NodeFeatureDiscovery.pciLabels(dir.resolve("none"), NVIDIA_CLASSES)).isEmpty();
  }
}
