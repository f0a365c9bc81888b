package dev.gpudra.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpudra.nvml.RecoveryAction;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceTaintBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSliceBuilder;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class GpuEventsTest {
  private static final GpuEvents.Xid XID_79 = new GpuEvents.Xid("gpu-node-2", "gpu-7", 79);

  private static ResourceSlice slice(String node, String device, String taintValue) {
    DeviceBuilder built = new DeviceBuilder().withName(device);
    if (taintValue != null) {
      built.withTaints(
          new DeviceTaintBuilder()
              .withKey("gpu.nvidia.com/xid")
              .withValue(taintValue)
              .withEffect("NoSchedule")
              .build());
    }
    return new ResourceSliceBuilder()
        .withNewSpec()
        .withNodeName(node)
        .withDriver("gpu.nvidia.com")
        .withDevices(built.build(), new DeviceBuilder().withName("gpu-0").build())
        .endSpec()
        .build();
  }

  static Stream<Arguments> slices() {
    return Stream.of(
        Arguments.of(
            "its device tainted with its XID on the node", "gpu-real", "gpu-7", "79", true),
        Arguments.of("another XID's taint", "gpu-real", "gpu-7", "48", false),
        Arguments.of("another device tainted", "gpu-real", "gpu-6", "79", false),
        Arguments.of("another node's device tainted", "gpu-other", "gpu-7", "79", false),
        Arguments.of("no taint", "gpu-real", "gpu-7", null, false));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("slices")
  @DisplayName("an XID shows when the named node's slice taints its device with its code")
  void tainted(String name, String node, String device, String value, boolean shown) {
    assertThat(XID_79.tainted(List.of(slice(node, device, value)), "gpu-real")).isEqualTo(shown);
  }

  @Test
  @DisplayName(
      "an XID may name the NVML recovery action the driver sets with it; a wrong one is refused"
          + " naming the field")
  void recoveryAction() {
    GpuEvents events =
        GpuEvents.parse(
            "xids:\n- {node: n, device: gpu-1, xid: 31, recoveryAction: gpu-reset}\n"
                + "- {node: n, device: gpu-2, xid: 79}\n");

    assertThat(events.xids().get(0).action()).contains(RecoveryAction.GPU_RESET);
    assertThat(events.xids().get(1).action()).isEmpty();
    assertThatThrownBy(
            () -> GpuEvents.parse("xids:\n- {node: n, device: d, xid: 1, recoveryAction: x}\n"))
        .hasStackTraceContaining(
            "gpu-events.yaml: xids[].recoveryAction: 'x' is no GPU recovery action");
  }
}
