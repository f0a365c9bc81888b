package dev.gpudra.computedomain.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpudra.kit.cdi.DeviceNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProcImexDevicesTest {
  @TempDir Path proc;

  private void devices(String text) throws IOException {
    Files.writeString(proc.resolve("devices"), text);
  }

  @Test
  @DisplayName("channel and capability numbers come from /proc/devices and the capability file")
  void readsNumbers() throws IOException {
    devices(
        """
        Character devices:
          1 mem
        195 nvidia
        234 nvidia-caps-imex-channels
        237 nvidia-caps
        509 nvidia-uvm

        Block devices:
        234 nvidia-caps-imex-channels-is-not-a-block-device
        """);
    Path caps = proc.resolve("driver/nvidia/capabilities");
    Files.createDirectories(caps);
    Files.writeString(
        caps.resolve("fabric-imex-mgmt"), "DeviceFileMinor: 1\nDeviceFileMode: 256\n");
    ProcImexDevices imex = new ProcImexDevices(proc);

    assertThat(imex.channel(7))
        .isEqualTo(DeviceNode.charDevice("/dev/nvidia-caps-imex-channels/channel7", 234, 7));
    assertThat(imex.fabricManagement())
        .isEqualTo(DeviceNode.charDevice("/dev/nvidia-caps/nvidia-cap1", 237, 1));
  }

  @Test
  @DisplayName("a driver without IMEX channels, or a channel out of range, is a clear error")
  void refusesMissing() throws IOException {
    devices("Character devices:\n195 nvidia\n");
    ProcImexDevices imex = new ProcImexDevices(proc);

    assertThatThrownBy(() -> imex.channel(0))
        .isInstanceOf(ImexDeviceException.class)
        .hasMessageContaining("has no nvidia-caps-imex-channels");
    assertThatThrownBy(() -> imex.channel(2048)).hasMessageContaining("outside 0..2047");
    assertThatThrownBy(imex::fabricManagement).hasMessageContaining("has no nvidia-caps devices");
  }
}
