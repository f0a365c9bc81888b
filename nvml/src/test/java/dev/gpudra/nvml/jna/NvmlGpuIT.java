package dev.gpudra.nvml.jna;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.MigMode;
import dev.gpudra.nvml.Nvml;
import dev.gpudra.nvml.XidWatch;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Runs against the real driver; excluded unless the {@code gpu} group is selected. The driver root
 * defaults to {@code /} and can be set with {@code -Dgpudra.driverRoot=...}.
 */
@Tag("gpu")
@DisplayName("The JNA binding reads sane records from a real GPU")
class NvmlGpuIT {

  @Test
  @DisplayName("system, GPUs, MIG tables and fabric info are consistent")
  void readsRealGpus() {
    Path driverRoot = Path.of(System.getProperty("gpudra.driverRoot", "/"));
    try (Nvml nvml = NvmlBinding.open(driverRoot)) {
      assertThat(nvml.system().driverVersion()).matches("\\d+\\.\\d+(\\.\\d+)?");
      assertThat(nvml.system().cudaDriverVersion()).isGreaterThanOrEqualTo(11000);
      List<GpuInfo> gpus = nvml.gpus();
      assertThat(gpus).isNotEmpty();
      print(nvml, gpus);
      for (GpuInfo gpu : gpus) {
        assertThat(gpu.uuid()).startsWith("GPU-");
        assertThat(gpu.name()).isNotBlank();
        assertThat(gpu.memoryBytes()).isPositive();
        assertThat(nvml.computeMode(gpu)).isNotNull(); // read only: the GPU is not ours to set
        nvml.persistenceMode(gpu); // answers without an NVML error
        assertThat(gpu.pcieRoot()).matches("(pci[0-9a-f]{4}:[0-9a-f]{2})?");
        if (gpu.migMode() == MigMode.NOT_SUPPORTED) {
          assertThat(nvml.migProfiles(gpu)).isEmpty();
        } else {
          assertThat(nvml.migProfiles(gpu))
              .isNotEmpty()
              .allSatisfy(p -> assertThat(p.name()).matches("\\dg\\.\\d+gb.*"));
        }
        assertThat(nvml.migDevices(gpu)).allSatisfy(d -> assertThat(d.uuid()).startsWith("MIG-"));
        nvml.fabricInfo(gpu);
        for (GpuInfo other : gpus) {
          if (other != gpu) { // read only; both directions agree on PCIe
            assertThat(nvml.link(gpu, other).pcie()).isEqualTo(nvml.link(other, gpu).pcie());
          }
        }
      }
    }
  }

  /** What was read, on standard output: the facts a simulated profile of this GPU must match. */
  private static void print(Nvml nvml, List<GpuInfo> gpus) {
    System.out.println(nvml.system());
    for (GpuInfo gpu : gpus) {
      System.out.println(gpu);
      System.out.println("  fabric " + nvml.fabricInfo(gpu));
      nvml.migProfiles(gpu).forEach(p -> System.out.println("  " + p));
    }
  }

  @Test
  @DisplayName(
      "an XID event set registers the GPUs, waits without an event, and is freed (read only)")
  void watchesXids() throws InterruptedException {
    Path driverRoot = Path.of(System.getProperty("gpudra.driverRoot", "/"));
    try (Nvml nvml = NvmlBinding.open(driverRoot)) {
      List<GpuInfo> gpus = nvml.gpus();
      try (XidWatch watch = nvml.watchXids(gpus)) {
        assertThat(watch.unwatched()).isSubsetOf(gpus);
        watch
            .next(Duration.ofMillis(200))
            .ifPresent(e -> assertThat(gpus).extracting(GpuInfo::uuid).contains(e.gpuUuid()));
      }
    }
  }
}
