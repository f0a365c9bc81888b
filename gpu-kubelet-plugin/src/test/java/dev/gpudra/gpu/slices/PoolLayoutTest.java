package dev.gpudra.gpu.slices;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.gpu.discovery.DeviceDiscovery;
import dev.gpudra.gpu.discovery.Inventory;
import dev.gpudra.kit.slices.model.SliceContent;
import dev.gpudra.nvml.simulated.ProfileLoader;
import dev.gpudra.nvml.simulated.SimulatedNvml;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class PoolLayoutTest {
  private static Inventory inventory(String profile, boolean dynamicMig) {
    try (SimulatedNvml nvml = new SimulatedNvml(new ProfileLoader().load(profile), "n")) {
      return new DeviceDiscovery(nvml).discover(dynamicMig);
    }
  }

  private static List<SliceContent> slices(Inventory inventory, PoolLayout.Counters counters) {
    return PoolLayout.slices(
        inventory.devices(),
        new DeviceModel(inventory.system()).devices(inventory.devices()),
        counters);
  }

  @Test
  @DisplayName(
      "DynamicMIG on >= 1.35: one counters-only slice with every GPU's set, then one devices-only"
          + " slice per GPU; before 1.35: each GPU's set beside its devices")
  void countersApartOrBeside() {
    Inventory gb200 = inventory("gb200-nvl", true);

    List<SliceContent> apart = slices(gb200, PoolLayout.Counters.APART);
    assertThat(apart).hasSize(5);
    assertThat(apart.get(0).devices()).isEmpty();
    assertThat(apart.get(0).sharedCounters())
        .extracting(c -> c.getName())
        .containsExactly(
            "gpu-0-counter-set", "gpu-1-counter-set", "gpu-2-counter-set", "gpu-3-counter-set");
    assertThat(apart.subList(1, 5)).allSatisfy(s -> assertThat(s.sharedCounters()).isEmpty());
    assertThat(apart.get(1).devices().get(0).getName()).isEqualTo("gpu-0");

    List<SliceContent> beside = slices(gb200, PoolLayout.Counters.BESIDE_DEVICES);
    assertThat(beside).hasSize(4);
    assertThat(beside)
        .allSatisfy(s -> {
          assertThat(s.sharedCounters()).hasSize(1);
          String gpu = s.devices().get(0).getName();
          assertThat(s.sharedCounters().get(0).getName()).isEqualTo(gpu + "-counter-set");
          assertThat(s.devices()).allSatisfy(d -> assertThat(d.getName()).startsWith(gpu));
        });
  }

  @Test
  @DisplayName("without partitionable GPUs: the devices in as few slices as the API allows")
  void staticPool() {
    assertThat(slices(inventory("dgx-a100-mig", false), PoolLayout.Counters.APART))
        .singleElement()
        .satisfies(s -> {
          assertThat(s.devices()).hasSize(15);
          assertThat(s.sharedCounters()).isEmpty();
        });
  }
}
