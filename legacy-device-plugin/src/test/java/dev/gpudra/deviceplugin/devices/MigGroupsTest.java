package dev.gpudra.deviceplugin.devices;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpudra.deviceplugin.config.MigStrategy;
import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.MigDevice;
import dev.gpudra.nvml.MigProfile;
import dev.gpudra.nvml.simulated.ProfileLoader;
import dev.gpudra.nvml.simulated.SimulatedNvml;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The MIG strategies' groups on a simulated dgx-h100 partitioned by each test. */
class MigGroupsTest {
  private final SimulatedNvml nvml =
      new SimulatedNvml(new ProfileLoader().load("dgx-h100"), "node-a");

  @AfterEach
  void close() {
    nvml.close();
  }

  private void partition(int gpu, String... profiles) {
    GpuInfo info = nvml.gpus().get(gpu);
    nvml.setMigMode(info, true);
    for (String name : profiles) {
      MigProfile profile =
          nvml.migProfiles(info).stream()
              .filter(p -> p.name().equals(name))
              .findFirst()
              .orElseThrow();
      int used = nvml.migDevices(info).size();
      nvml.createMigDevice(info, profile, profile.placements().get(used));
    }
  }

  private Map<String, List<AdvertisedDevice>> group(MigStrategy strategy) {
    Map<String, List<MigDevice>> migs = new HashMap<>();
    for (GpuInfo gpu : nvml.gpus()) {
      if (nvml.migMode(gpu) == dev.gpudra.nvml.MigMode.ENABLED) {
        migs.put(gpu.uuid(), nvml.migDevices(gpu));
      }
    }
    return new MigGroups(new NodeGpus(nvml.gpus(), migs), g -> OptionalInt.empty()).group(strategy);
  }

  @Test
  @DisplayName(
      "mixed: whole GPUs, then one resource per profile with + as . (1g.10gb+me as mig-1g.10gb.me);"
          + " none: every GPU whole")
  void mixed() {
    partition(0, "1g.10gb+me");
    partition(1, "3g.40gb");

    Map<String, List<AdvertisedDevice>> groups = group(MigStrategy.MIXED);

    assertThat(groups.keySet())
        .containsExactly("nvidia.com/gpu", "nvidia.com/mig-1g.10gb.me", "nvidia.com/mig-3g.40gb");
    assertThat(groups.get("nvidia.com/gpu")).hasSize(6);
    assertThat(groups.get("nvidia.com/mig-3g.40gb").getFirst().mig()).isPresent();
    assertThat(group(MigStrategy.NONE).get("nvidia.com/gpu")).hasSize(8);
  }

  @Test
  @DisplayName("single: a MIG-enabled GPU without MIG devices, or two profiles, is an error")
  void singleRules() {
    for (int gpu = 0; gpu < 8; gpu++) {
      partition(gpu, gpu == 5 ? "2g.20gb" : "3g.40gb");
    }
    assertThatThrownBy(() -> group(MigStrategy.SINGLE))
        .isInstanceOf(MigLayoutException.class)
        .hasMessage(
            "flags.migStrategy: single needs MIG devices of one profile on every GPU; the node"
                + " has [2g.20gb, 3g.40gb]");
    GpuInfo five = nvml.gpus().get(5);
    MigDevice device = nvml.migDevices(five).getFirst();
    nvml.destroyMigDevice(five, device.gpuInstanceId(), device.computeInstanceId());
    assertThatThrownBy(() -> group(MigStrategy.SINGLE))
        .hasMessage(
            "flags.migStrategy: single: GPU 5 ("
                + five.uuid()
                + ") has MIG enabled but no MIG devices");
  }
}
