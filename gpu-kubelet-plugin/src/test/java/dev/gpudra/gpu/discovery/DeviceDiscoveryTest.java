package dev.gpudra.gpu.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.nvml.simulated.ProfileLoader;
import dev.gpudra.nvml.simulated.SimulatedNvml;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class DeviceDiscoveryTest {
  private static Inventory discover(String profile) {
    try (SimulatedNvml nvml = new SimulatedNvml(new ProfileLoader().load(profile), "node-a")) {
      return new DeviceDiscovery(nvml).discover();
    }
  }

  @Test
  @DisplayName("full GPUs are named gpu-<minor>, in index order")
  void fullGpus() {
    Inventory inventory = discover("dgx-h100");
    assertThat(inventory.devices())
        .extracting(AllocatableDevice::name)
        .containsExactly("gpu-0", "gpu-1", "gpu-2", "gpu-3", "gpu-4", "gpu-5", "gpu-6", "gpu-7");
    assertThat(inventory.devices()).allMatch(d -> d.type() == DeviceType.GPU);
    assertThat(inventory.warnings()).isEmpty();
  }

  @Test
  @DisplayName(
      "a GPU in MIG mode is offered only as its MIG devices, named as NVIDIA's driver does")
  void migGpusOfferOnlyMigDevices() {
    Inventory inventory = discover("dgx-a100-mig");
    assertThat(inventory.devices())
        .extracting(AllocatableDevice::name)
        .containsExactly(
            "gpu-0-mig-1g5gb-19-0",
            "gpu-0-mig-1g5gb-19-1",
            "gpu-0-mig-1g5gb-19-2",
            "gpu-0-mig-1g5gb-19-3",
            "gpu-0-mig-1g5gb-19-4",
            "gpu-0-mig-1g5gb-19-5",
            "gpu-0-mig-1g5gb-19-6",
            "gpu-1-mig-3g20gb-9-0",
            "gpu-1-mig-3g20gb-9-4",
            "gpu-2",
            "gpu-3",
            "gpu-4",
            "gpu-5",
            "gpu-6",
            "gpu-7");
    assertThat(inventory.device("gpu-0")).isEmpty();
    assertThat(inventory.device("gpu-1-mig-3g20gb-9-4").orElseThrow().uuid()).startsWith("MIG-");
  }

  @Test
  @DisplayName("canonical MIG profile names drop dots and replace other symbols with dashes")
  void canonicalProfile() {
    assertThat(StaticMigDevice.canonicalProfile("1g.5gb")).isEqualTo("1g5gb");
    assertThat(StaticMigDevice.canonicalProfile("1g.5gb+me")).isEqualTo("1g5gb-me");
    assertThat(StaticMigDevice.canonicalProfile("1g.10gb+me.all")).isEqualTo("1g10gb-meall");
    assertThat(StaticMigDevice.canonicalProfile("2g.47gb")).isEqualTo("2g47gb");
  }

  @Test
  @DisplayName("the same node always gets the same devices")
  void deterministic() {
    assertThat(discover("dgx-a100-mig")).isEqualTo(discover("dgx-a100-mig"));
  }

  private static Inventory discoverDynamic(String profile) {
    try (SimulatedNvml nvml = new SimulatedNvml(new ProfileLoader().load(profile), "node-a")) {
      return new DeviceDiscovery(nvml).discover(true);
    }
  }

  @Test
  @DisplayName(
      "DynamicMIG on Hopper: each GPU whole and as every profile at every placement, in name"
          + " order per GPU")
  void dynamicMigOnHopper() {
    Inventory inventory = discoverDynamic("dgx-h100");
    List<String> gpu0 =
        inventory.devices().stream()
            .filter(d -> d.gpu().minor() == 0)
            .map(AllocatableDevice::name)
            .toList();
    assertThat(gpu0).contains("gpu-0", "gpu-0-mig-1g10gb-19-0", "gpu-0-mig-7g80gb-0-0");
    assertThat(gpu0).isSorted();
    assertThat(inventory.devices().stream().filter(d -> d instanceof AbstractMigDevice))
        .allSatisfy(d -> assertThat(d.uuid()).isEmpty());
  }

  @Test
  @DisplayName(
      "DynamicMIG on Ampere: a GPU in MIG mode only as partitions, one out of MIG mode whole; no"
          + " partitionable GPU at all falls back to the static offer with a warning")
  void dynamicMigOnAmpere() {
    Inventory split = discoverDynamic("dgx-a100-mig");
    assertThat(split.device("gpu-0")).isEmpty();
    assertThat(split.device("gpu-0-mig-1g5gb-19-3")).get().isInstanceOf(AbstractMigDevice.class);
    assertThat(split.device("gpu-2")).get().isInstanceOf(FullGpu.class);
    assertThat(split.devices().stream().filter(d -> d.gpu().minor() == 2)).hasSize(1);

    Inventory whole = discoverDynamic("dgx-a100");
    assertThat(whole.devices()).allMatch(d -> d instanceof FullGpu);
    assertThat(whole.warnings()).singleElement().asString().contains("no GPU can be partitioned");
  }
}
