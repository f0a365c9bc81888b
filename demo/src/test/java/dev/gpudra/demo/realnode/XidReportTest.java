package dev.gpudra.demo.realnode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpudra.demo.GpuEvents;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceAttribute;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSliceBuilder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("The demo reports a scenario's XID as a line naming the device's GPU UUID")
class XidReportTest {
  @TempDir Path dir;

  private static List<ResourceSlice> slices() {
    DeviceAttribute uuid = new DeviceAttribute();
    uuid.setString("GPU-real-7");
    return List.of(
        new ResourceSliceBuilder()
            .withNewSpec()
            .withNodeName("gpu-node-real")
            .addNewDevice()
            .withName("gpu-7")
            .withAttributes(Map.of("uuid", uuid))
            .endDevice()
            .endSpec()
            .build());
  }

  @Test
  @DisplayName(
      "each XID appends '<uuid> <xid> [recovery=<action>]' for the device's GPU, as the inbox reads it")
  void appendsLines() throws Exception {
    XidReport report = new XidReport(dir.resolve("simulated-gpus.json.xids"));
    report.inject(slices(), new GpuEvents.Xid("gpu-node-2", "gpu-7", 79));
    report.inject(slices(), new GpuEvents.Xid("gpu-node-2", "gpu-7", 48, "gpu-reset"));

    assertThat(Files.readString(report.inbox()))
        .isEqualTo("GPU-real-7 79\nGPU-real-7 48 recovery=GPU_RESET\n");
    report.remove();
    assertThat(report.inbox()).doesNotExist();
  }

  @Test
  @DisplayName("a device the slices do not publish is refused, naming it")
  void unknownDeviceRefused() {
    XidReport report = new XidReport(dir.resolve("inbox"));

    assertThatThrownBy(() -> report.inject(slices(), new GpuEvents.Xid("gpu-node-2", "gpu-9", 79)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("no device gpu-9");
    assertThat(report.inbox()).doesNotExist();
  }
}
