package dev.gpudra.node.cdi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpudra.kit.cdi.CdiException;
import dev.gpudra.kit.cdi.DeviceNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProcMigCapsResolverTest {
  @TempDir Path proc;

  @Test
  @DisplayName("GI and CI minors come from the access files, the major from /proc/devices")
  void readsProc() throws Exception {
    Files.writeString(
        proc.resolve("devices"),
        "Character devices:\n  1 mem\n195 nvidia-frontend\n237 nvidia-caps\n\nBlock devices:\n");
    Path gi = proc.resolve("driver/nvidia/capabilities/gpu3/mig/gi5");
    Files.createDirectories(gi.resolve("ci0"));
    Files.writeString(gi.resolve("access"), "DeviceFileMinor: 48\nDeviceFileMode: 292\n");
    Files.writeString(gi.resolve("ci0/access"), "DeviceFileMinor: 49\nDeviceFileMode: 292\n");
    MigCaps caps = new ProcMigCapsResolver(proc).resolve(3, 5, 0);
    assertThat(caps).isEqualTo(new MigCaps(237, 48, 49));
    assertThat(caps.deviceNodes())
        .containsExactly(
            DeviceNode.charDevice("/dev/nvidia-caps/nvidia-cap48", 237, 48),
            DeviceNode.charDevice("/dev/nvidia-caps/nvidia-cap49", 237, 49));
  }

  @Test
  @DisplayName("a missing capability file is a CdiException naming it")
  void missingFile() throws Exception {
    Files.writeString(proc.resolve("devices"), "237 nvidia-caps\n");
    assertThatThrownBy(() -> new ProcMigCapsResolver(proc).resolve(0, 1, 0))
        .isInstanceOf(CdiException.class)
        .hasMessageContaining("gpu0/mig/gi1/access");
  }

  @Test
  @DisplayName("simulated minors follow the driver's mig-minors layout")
  void simulated() {
    SimulatedMigCapsResolver simulated = new SimulatedMigCapsResolver();
    assertThat(simulated.resolve(0, 0, 0)).isEqualTo(new MigCaps(240, 3, 4));
    assertThat(simulated.resolve(0, 1, 0)).isEqualTo(new MigCaps(240, 12, 13));
    assertThat(simulated.resolve(1, 0, 7)).isEqualTo(new MigCaps(240, 138, 146));
  }
}
