package dev.gpudra.realcluster.node;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The sweep of placeholders a killed real-node run left (needs mknod: root). */
class DevicePlaceholdersIT {
  @TempDir Path dev;

  @Test
  @DisplayName(
      "a killed run's nvidia* and vfio/* placeholders (1:3) go, and vfio/ with them; anything"
          + " else stays")
  void sweepsLeftOvers() throws Exception {
    Files.createDirectories(dev.resolve("vfio"));
    for (String node : List.of("nvidia0", "nvidiactl", "vfio/10", "vfio/vfio")) {
      Processes.run(List.of("mknod", "-m", "666", dev.resolve(node).toString(), "c", "1", "3"));
    }
    Files.writeString(dev.resolve("nvidia-notes"), "a file, not a device\n");
    Processes.run(List.of("mknod", "-m", "666", dev.resolve("nvidia1").toString(), "c", "1", "5"));

    DevicePlaceholders.removeLeftOver(dev);

    assertThat(dev.resolve("nvidia0")).doesNotExist();
    assertThat(dev.resolve("nvidiactl")).doesNotExist();
    assertThat(dev.resolve("vfio")).doesNotExist();
    assertThat(dev.resolve("nvidia-notes")).exists();
    assertThat(dev.resolve("nvidia1")).as("not /dev/null's numbers").exists();
  }

  @Test
  @DisplayName(
      "placeholders in a missing directory make it, and closing removes both; an existing node"
          + " and directory stay")
  void makesAndRemovesItsDirectory() throws Exception {
    Path vfio = dev.resolve("vfio");
    Files.createDirectories(dev.resolve("kept"));
    Files.writeString(dev.resolve("kept/10"), "there before\n");

    DevicePlaceholders made =
        DevicePlaceholders.create(
            List.of(
                vfio.resolve("vfio").toString(),
                vfio.resolve("11").toString(),
                dev.resolve("kept/10").toString()));

    assertThat(made.created()).containsExactly(vfio.resolve("vfio"), vfio.resolve("11"));
    made.close();
    assertThat(vfio).doesNotExist();
    assertThat(dev.resolve("kept/10")).exists();
  }

  @Test
  @DisplayName("the VFIO paths: the API device, then one node per IOMMU group")
  void vfioPaths() {
    assertThat(DevicePlaceholders.vfioPaths(List.of(10, 11)))
        .containsExactly("/dev/vfio/vfio", "/dev/vfio/10", "/dev/vfio/11");
  }
}
