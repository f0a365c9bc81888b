package dev.gpudra.deviceplugin.devices;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpudra.deviceplugin.config.ConfigLoader;
import dev.gpudra.deviceplugin.config.DevicePluginConfig;
import dev.gpudra.nvml.simulated.ProfileLoader;
import dev.gpudra.nvml.simulated.SimulatedNvml;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Replicas times GPUs against what one ListAndWatch response can carry, on a dgx-h100 (8 GPUs). */
class ReplicaBoundTest {
  private final SimulatedNvml nvml =
      new SimulatedNvml(new ProfileLoader().load("dgx-h100"), "node-a");

  @AfterEach
  void close() {
    nvml.close();
  }

  private DevicePluginConfig timeSlicing(int replicas) {
    String yaml =
        "sharing: {timeSlicing: {resources: [{name: gpu, replicas: " + replicas + "}]}}\n";
    return new ConfigLoader().parse(yaml, "config.yaml", Map.of(), Map.of());
  }

  @Test
  @DisplayName("8 GPUs × 4096 replicas (32,768 devices) are advertised; × 4097 are refused")
  void totalDevicesBound() {
    assertThat(DeviceInventory.resources(timeSlicing(4096), nvml.gpus()).getFirst().devices())
        .hasSize(32_768);
    assertThatThrownBy(() -> DeviceInventory.resources(timeSlicing(4097), nvml.gpus()))
        .isInstanceOf(UnsupportedSettingException.class)
        .hasMessageContaining(
            "sharing.timeSlicing.resources[0].replicas: 4097 replicas of 8 devices (more than"
                + " 32768 devices in one ListAndWatch response)");
  }
}
