package dev.gpudra.nvml;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One physical GPU as NVML describes it.
 *
 * @param index NVML index
 * @param minor device minor number ({@code /dev/nvidia<minor>})
 * @param uuid {@code GPU-...}
 * @param name NVML product name, e.g. {@code NVIDIA H100 80GB HBM3}
 * @param pciBusId lower-case BDF with a 4-digit domain, e.g. {@code 0000:3b:00.0}
 * @param pcieRoot {@code pci<domain>:<bus>} of the PCIe root complex, empty when unknown
 * @param numaNode the NUMA node its PCI device is attached to; -1 when the platform does not say
 * @param memoryBytes total framebuffer memory in bytes
 */
public record GpuInfo(
    int index,
    int minor,
    String uuid,
    String name,
    Brand brand,
    Architecture architecture,
    ComputeCapability computeCapability,
    String pciBusId,
    String pcieRoot,
    int numaNode,
    long memoryBytes,
    MigMode migMode,
    AddressingMode addressingMode) {

  private static final Pattern BUS_ID =
      Pattern.compile("[0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\\.[0-7]");

  public GpuInfo {
    Objects.requireNonNull(uuid, "uuid");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(brand, "brand");
    Objects.requireNonNull(architecture, "architecture");
    Objects.requireNonNull(computeCapability, "computeCapability");
    Objects.requireNonNull(pcieRoot, "pcieRoot");
    Objects.requireNonNull(migMode, "migMode");
    Objects.requireNonNull(addressingMode, "addressingMode");
    if (index < 0 || minor < 0) {
      throw new IllegalArgumentException("GPU index and minor must be >= 0");
    }
    if (!uuid.startsWith("GPU-")) {
      throw new IllegalArgumentException("GPU UUID must start with GPU-: " + uuid);
    }
    if (!BUS_ID.matcher(pciBusId).matches()) {
      throw new IllegalArgumentException("PCI bus ID must look like 0000:3b:00.0: " + pciBusId);
    }
    if (numaNode < -1) {
      throw new IllegalArgumentException("numaNode must be >= -1, got " + numaNode);
    }
    if (memoryBytes < 0) {
      throw new IllegalArgumentException("memoryBytes must be >= 0");
    }
  }

  public boolean migCapable() {
    return migMode != MigMode.NOT_SUPPORTED;
  }
}
