package dev.gpudra.node.driverroot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.kit.cdi.DeviceNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HostDeviceNodesTest {
  @TempDir Path dir;

  @Test
  @DisplayName(
      "a character device is found with the major and minor of the node itself, its mode bits"
          + " and rwm, as NVIDIA's specs write it")
  void charDevice() {
    HostDeviceNodes nodes = new HostDeviceNodes(new DriverRoot(Path.of("/"), Path.of("/")));

    assertThat(nodes.locate("/dev/null"))
        .contains(new DeviceNode("/dev/null", null, null, 1L, 3L, "rwm", 0666L, null, null));
  }

  @Test
  @DisplayName("a regular file, a symlink or nothing is not a device node")
  void notCharDevices() throws Exception {
    Files.createDirectories(dir.resolve("dev"));
    Files.writeString(dir.resolve("dev/nvidia0"), "");
    Files.createSymbolicLink(dir.resolve("dev/nvidiactl"), Path.of("/dev/null"));
    HostDeviceNodes nodes = new HostDeviceNodes(new DriverRoot(dir, Path.of("/run/nvidia/driver")));

    assertThat(nodes.locate("/dev/nvidia0")).isEmpty();
    assertThat(nodes.locate("/dev/nvidiactl")).isEmpty();
    assertThat(nodes.locate("/dev/nvidia-uvm")).isEmpty();
  }

  @Test
  @DisplayName("major and minor decode as glibc does, large numbers included")
  void decode() {
    long major = 0x12345;
    long minor = 0x6789a;
    long rdev =
        (minor & 0xff)
            | ((major & 0xfff) << 8)
            | ((minor & ~0xffL) << 12)
            | ((major & ~0xfffL) << 32);
    assertThat(HostDeviceNodes.major(259L << 8 | 1)).isEqualTo(259);
    assertThat(HostDeviceNodes.minor(259L << 8 | 1)).isEqualTo(1);
    assertThat(HostDeviceNodes.major(rdev)).isEqualTo(major);
    assertThat(HostDeviceNodes.minor(rdev)).isEqualTo(minor);
  }
}
