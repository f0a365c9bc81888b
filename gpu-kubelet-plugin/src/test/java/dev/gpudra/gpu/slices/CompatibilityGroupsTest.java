package dev.gpudra.gpu.slices;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.gpu.discovery.AllocatableDevice;
import dev.gpudra.gpu.discovery.DeviceDiscovery;
import dev.gpudra.gpu.discovery.Inventory;
import dev.gpudra.gpu.discovery.VfioGpu;
import dev.gpudra.kit.slices.model.SliceContent;
import dev.gpudra.node.pci.PciGpu;
import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.simulated.ProfileLoader;
import dev.gpudra.nvml.simulated.SimulatedNvml;
import io.fabric8.kubernetes.api.model.resource.v1.Device;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class CompatibilityGroupsTest {
  /** DynamicMIG's H100s, GPU 0 also offered for passthrough, and a GPU a VM holds (no NVML). */
  private static List<AllocatableDevice> inventory() {
    try (SimulatedNvml nvml = new SimulatedNvml(new ProfileLoader().load("dgx-h100"), "n")) {
      Inventory dynamic = new DeviceDiscovery(nvml).discover(true);
      GpuInfo gpu0 = nvml.gpus().getFirst();
      List<AllocatableDevice> devices = new ArrayList<>(dynamic.devices());
      devices.add(vfio(Optional.of(gpu0), 0, gpu0.pciBusId(), "nvidia"));
      devices.add(vfio(Optional.empty(), 8, "0000:ff:00.0", "vfio-pci"));
      return devices;
    }
  }

  private static VfioGpu vfio(Optional<GpuInfo> parent, int index, String address, String driver) {
    PciGpu pci =
        new PciGpu(
            address,
            0x2330,
            0,
            Optional.of(10),
            Optional.of(driver),
            Optional.empty(),
            1L << 37,
            0);
    return new VfioGpu(parent, index, pci, "NVIDIA H100 80GB HBM3", false);
  }

  private static Device named(List<Device> devices, String name) {
    return devices.stream().filter(d -> d.getName().equals(name)).findFirst().orElseThrow();
  }

  private static Object groups(Device device) {
    return device
        .getConsumesCounters()
        .getFirst()
        .getAdditionalProperties()
        .get("compatibilityGroups");
  }

  @Test
  @DisplayName(
      "a GPU offered both ways: gpu-vfio-<i> takes its whole counter set in group vfio-pci, its"
          + " NVML devices are in group nvidia; other GPUs carry no groups")
  void groupsPerGpu() {
    List<Device> devices = new DeviceModel(systemOf()).devices(inventory());

    Device vfio = named(devices, "gpu-vfio-0");
    Device whole = named(devices, "gpu-0");
    assertThat(vfio.getConsumesCounters().getFirst().getCounterSet())
        .isEqualTo("gpu-0-counter-set");
    assertThat(vfio.getConsumesCounters().getFirst().getCounters())
        .isEqualTo(whole.getConsumesCounters().getFirst().getCounters());
    assertThat(groups(vfio)).isEqualTo(List.of("vfio-pci"));
    assertThat(groups(whole)).isEqualTo(List.of("nvidia"));
    assertThat(groups(named(devices, "gpu-0-mig-1g10gb-19-0"))).isEqualTo(List.of("nvidia"));
    assertThat(groups(named(devices, "gpu-1"))).isNull();
    assertThat(named(devices, "gpu-vfio-8").getConsumesCounters())
        .as("NVML cannot see a GPU a VM holds: no counter set to consume")
        .isNullOrEmpty();
  }

  @Test
  @DisplayName("a GPU a VM holds gets a slice of its own; the others keep theirs")
  void layout() {
    List<AllocatableDevice> inventory = inventory();
    List<SliceContent> slices =
        PoolLayout.slices(
            inventory, new DeviceModel(systemOf()).devices(inventory), PoolLayout.Counters.APART);

    assertThat(slices).hasSize(10);
    assertThat(slices.get(1).devices()).extracting(Device::getName).contains("gpu-0", "gpu-vfio-0");
    assertThat(slices.getLast().devices())
        .extracting(Device::getName)
        .containsExactly("gpu-vfio-8");
  }

  private static dev.gpudra.nvml.SystemInfo systemOf() {
    try (SimulatedNvml nvml = new SimulatedNvml(new ProfileLoader().load("dgx-h100"), "n")) {
      return nvml.system();
    }
  }
}
