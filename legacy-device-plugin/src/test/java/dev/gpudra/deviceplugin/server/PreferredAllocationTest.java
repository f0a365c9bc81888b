package dev.gpudra.deviceplugin.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpudra.deviceplugin.config.AllocationPolicy;
import dev.gpudra.deviceplugin.devices.AdvertisedDevice;
import dev.gpudra.deviceplugin.devices.AdvertisedResource;
import dev.gpudra.deviceplugin.devices.SharingKind;
import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.simulated.ProfileLoader;
import dev.gpudra.nvml.simulated.SimulatedNvml;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class PreferredAllocationTest {
  private static List<GpuInfo> gpus;

  @BeforeAll
  static void gpus() {
    try (SimulatedNvml nvml = new SimulatedNvml(new ProfileLoader().load("dgx-h100"), "n")) {
      gpus = nvml.gpus().subList(0, 2);
    }
  }

  private static AdvertisedResource replicas(List<GpuInfo> of, int replicas) {
    List<AdvertisedDevice> devices = new ArrayList<>();
    for (GpuInfo gpu : of) {
      for (int k = 0; k < replicas; k++) {
        devices.add(new AdvertisedDevice(gpu.uuid() + "::" + k, gpu));
      }
    }
    return new AdvertisedResource("nvidia.com/gpu", devices, SharingKind.TIME_SLICING, false);
  }

  private static String id(int gpu, int k) {
    return gpus.get(gpu).uuid() + "::" + k;
  }

  private static List<String> all(AdvertisedResource resource) {
    return resource.devices().stream().map(AdvertisedDevice::id).toList();
  }

  @Test
  @DisplayName("distributed spreads over the GPUs; packed fills one GPU first")
  void policies() {
    AdvertisedResource resource = replicas(gpus, 4);

    assertThat(
            new PreferredAllocation(resource, AllocationPolicy.DISTRIBUTED)
                .choose(all(resource), List.of(), 2))
        .containsExactly(id(0, 0), id(1, 0));
    assertThat(
            new PreferredAllocation(resource, AllocationPolicy.PACKED)
                .choose(all(resource), List.of(), 2))
        .containsExactly(id(0, 0), id(0, 1));
  }

  @Test
  @DisplayName(
      "replicas given to others count: distributed goes to the GPU less used, packed to the more")
  void inUseElsewhere() {
    AdvertisedResource resource = replicas(gpus, 4);
    List<String> available = List.of(id(0, 3), id(1, 0), id(1, 1), id(1, 2), id(1, 3));

    assertThat(
            new PreferredAllocation(resource, AllocationPolicy.DISTRIBUTED)
                .choose(available, List.of(), 1))
        .containsExactly(id(1, 0));
    assertThat(
            new PreferredAllocation(resource, AllocationPolicy.PACKED)
                .choose(available, List.of(), 1))
        .containsExactly(id(0, 3));
  }

  @Test
  @DisplayName("must-include devices come first; an ID not of this resource is refused")
  void mustInclude() {
    AdvertisedResource resource = replicas(gpus, 4);
    PreferredAllocation preferred = new PreferredAllocation(resource, AllocationPolicy.DISTRIBUTED);

    assertThat(preferred.choose(all(resource), List.of(id(1, 2)), 3))
        .startsWith(id(1, 2))
        .hasSize(3)
        .contains(id(0, 0));
    assertThatThrownBy(() -> preferred.choose(List.of("GPU-nope::0"), List.of(), 1))
        .isInstanceOf(AllocateRefusedException.class)
        .hasMessage("unknown device GPU-nope::0");
  }

  @Test
  @DisplayName(
      "any request (2,000 random ones per policy): the size asked, no duplicates, every"
          + " must-include, nothing not available")
  void alwaysValid() {
    AdvertisedResource resource = replicas(gpus, 5);
    Random random = new Random(20261124);
    for (AllocationPolicy policy : AllocationPolicy.values()) {
      PreferredAllocation preferred = new PreferredAllocation(resource, policy);
      for (int run = 0; run < 2000; run++) {
        List<String> available = new ArrayList<>(all(resource));
        Collections.shuffle(available, random);
        available = available.subList(0, 1 + random.nextInt(available.size()));
        List<String> must = available.subList(0, random.nextInt(available.size() + 1));
        int size = must.size() + random.nextInt(available.size() - must.size() + 1);

        List<String> chosen = preferred.choose(available, must, size);

        assertThat(chosen).as("%s run %d", policy, run).hasSize(size).doesNotHaveDuplicates();
        assertThat(chosen).containsAll(must);
        assertThat(available).containsAll(chosen);
      }
    }
  }
}
