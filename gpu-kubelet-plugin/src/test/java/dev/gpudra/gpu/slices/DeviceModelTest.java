package dev.gpudra.gpu.slices;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.gpu.discovery.DeviceDiscovery;
import dev.gpudra.gpu.discovery.Inventory;
import dev.gpudra.nvml.simulated.ProfileLoader;
import dev.gpudra.nvml.simulated.SimulatedNvml;
import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceAttribute;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DeviceModelTest {
  private static List<Device> devices(String profile) {
    try (SimulatedNvml nvml = new SimulatedNvml(new ProfileLoader().load(profile), "node-a")) {
      Inventory inventory = new DeviceDiscovery(nvml).discover();
      return new DeviceModel(inventory.system()).devices(inventory.devices());
    }
  }

  private static Device named(List<Device> devices, String name) {
    return devices.stream().filter(d -> d.getName().equals(name)).findFirst().orElseThrow();
  }

  @Test
  @DisplayName("a full GPU carries NVIDIA's attributes with their types")
  void fullGpuAttributes() {
    Map<String, DeviceAttribute> a = named(devices("dgx-h100"), "gpu-0").getAttributes();
    assertThat(a.get("type").getString()).isEqualTo("gpu");
    assertThat(a.get("uuid").getString()).startsWith("GPU-");
    assertThat(a.get("productName").getString()).isEqualTo("NVIDIA H100 80GB HBM3");
    assertThat(a.get("brand").getString()).isEqualTo("Nvidia");
    assertThat(a.get("architecture").getString()).isEqualTo("Hopper");
    assertThat(a.get("cudaComputeCapability").getVersion()).isEqualTo("9.0.0");
    assertThat(a.get("driverVersion").getVersion()).isEqualTo("580.95.5");
    assertThat(a.get("cudaDriverVersion").getVersion()).isEqualTo("13.0.0");
    assertThat(a.get(DeviceModel.PCI_BUS_ID).getString()).matches("0000:[0-9a-f]{2}:00\\.0");
    assertThat(a.get(DeviceModel.PCIE_ROOT).getString()).matches("pci[0-9a-f]{4}:[0-9a-f]{2}");
    assertThat(a).doesNotContainKeys("minor", "index", "pcieBusID");
  }

  @Test
  @DisplayName(
      "resource.kubernetes.io/numaNode (NVIDIA 0.5): the PCI NUMA node as an int, or as a"
          + " one-element ints list with DRAListTypeAttributes; a MIG device has its parent's")
  void numaNode() {
    assertThat(named(devices("dgx-h100"), "gpu-0").getAttributes().get(DeviceModel.NUMA_NODE))
        .satisfies(a -> assertThat(a.getInt()).isZero());
    assertThat(named(devices("dgx-h100"), "gpu-7").getAttributes().get(DeviceModel.NUMA_NODE))
        .satisfies(a -> assertThat(a.getInt()).isEqualTo(1L));
    try (SimulatedNvml nvml = new SimulatedNvml(new ProfileLoader().load("dgx-a100-mig"), "n")) {
      Inventory inventory = new DeviceDiscovery(nvml).discover();
      List<Device> listed =
          new DeviceModel(inventory.system(), ConsumableShares.DISABLED, true)
              .devices(inventory.devices());
      assertThat(listed)
          .allSatisfy(d -> {
            DeviceAttribute numa = d.getAttributes().get(DeviceModel.NUMA_NODE);
            assertThat(numa.getInt()).isNull();
            assertThat(numa.getInts()).hasSize(1);
          });
    }
  }

  @Test
  @DisplayName("a full GPU's memory capacity is NVML's total in binary units")
  void fullGpuMemory() {
    Device gpu = named(devices("dgx-a100"), "gpu-3");
    assertThat(gpu.getCapacity().get("memory").getValue().toString()).isEqualTo("40536Mi");
  }

  @Test
  @DisplayName("a static MIG device carries its profile, parent and engine capacities")
  void migDevice() {
    Device mig = named(devices("dgx-a100-mig"), "gpu-1-mig-3g20gb-9-4");
    Map<String, DeviceAttribute> a = mig.getAttributes();
    assertThat(a.get("type").getString()).isEqualTo("mig");
    assertThat(a.get("profile").getString()).isEqualTo("3g.20gb");
    assertThat(a.get("uuid").getString()).startsWith("MIG-");
    assertThat(a.get("parentUUID").getString()).startsWith("GPU-");
    assertThat(a.get("productName").getString()).isEqualTo("NVIDIA A100-SXM4-40GB");
    assertThat(mig.getCapacity())
        .containsKeys("multiprocessors", "copyEngines", "decoders", "encoders", "jpegEngines")
        .containsKeys("ofaEngines", "memorySlice4", "memorySlice7")
        .doesNotContainKeys("memorySlice3", "memorySlice0");
    assertThat(mig.getCapacity().get("multiprocessors").getValue().toString()).isEqualTo("42");
    assertThat(mig.getCapacity().get("memory").getValue().toString()).isEqualTo("19968Mi");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"dgx-a100", "dgx-a100-mig", "dgx-h100", "hgx-h200", "gb200-nvl", "l40s"})
  @DisplayName("every device stays within the API server's limits")
  void withinApiLimits(String profile) {
    for (Device d : devices(profile)) {
      assertThat(d.getName()).matches("[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?");
      assertThat(d.getAttributes().size() + d.getCapacity().size()).isLessThanOrEqualTo(32);
      d.getAttributes().values().stream()
          .map(v -> v.getString() != null ? v.getString() : v.getVersion())
          .filter(java.util.Objects::nonNull)
          .forEach(v -> assertThat(v.getBytes(StandardCharsets.UTF_8).length).isLessThan(65));
    }
  }
}
