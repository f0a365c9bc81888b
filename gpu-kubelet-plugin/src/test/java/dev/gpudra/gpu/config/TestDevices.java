package dev.gpudra.gpu.config;

import dev.gpudra.gpu.discovery.FullGpu;
import dev.gpudra.gpu.discovery.StaticMigDevice;
import dev.gpudra.nvml.AddressingMode;
import dev.gpudra.nvml.Architecture;
import dev.gpudra.nvml.Brand;
import dev.gpudra.nvml.ComputeCapability;
import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.MigDevice;
import dev.gpudra.nvml.MigMode;
import dev.gpudra.nvml.MigProfile;
import dev.gpudra.nvml.MigResources;
import dev.gpudra.nvml.Placement;
import java.util.List;

/** Hand-built devices for tests: A100s by minor number, and 1g.5gb MIG devices on them. */
public final class TestDevices {
  private TestDevices() {}

  public static GpuInfo gpuInfo(int minor, MigMode migMode) {
    return new GpuInfo(
        minor,
        minor,
        String.format("GPU-00000000-0000-0000-0000-%012d", minor),
        "NVIDIA A100-SXM4-40GB",
        Brand.NVIDIA,
        Architecture.AMPERE,
        new ComputeCapability(8, 0),
        String.format("0000:%02x:00.0", minor + 1),
        "pci0000:00",
        0,
        40L << 30,
        migMode,
        AddressingMode.NOT_SUPPORTED);
  }

  /** {@code gpu-<minor>}. */
  public static FullGpu gpu(int minor) {
    return new FullGpu(gpuInfo(minor, MigMode.DISABLED));
  }

  /** {@code gpu-<minor>-mig-1g5gb-19-<start>} with the given GI and CI IDs. */
  public static StaticMigDevice mig(int parentMinor, int gi, int ci, int start) {
    MigResources resources = new MigResources(14, 1, 0, 0, 0, 0, 4864);
    Placement placement = new Placement(start, 1);
    MigProfile profile = new MigProfile(0, 19, "1g.5gb", 1, 7, resources, List.of(placement));
    String uuid = String.format("MIG-00000000-0000-0000-%04d-%012d", parentMinor, gi);
    return new StaticMigDevice(
        gpuInfo(parentMinor, MigMode.ENABLED),
        new MigDevice(gi, ci, uuid, profile, placement, resources));
  }
}
