package dev.gpudra.node.pci;

import java.util.Objects;
import java.util.Optional;

/**
 * One NVIDIA GPU on the PCI bus.
 *
 * @param address the PCI address, {@code 0000:3b:00.0}
 * @param deviceId the PCI device ID, e.g. {@code 0x2330}
 * @param numaNode its NUMA node, -1 when the platform has none
 * @param iommuGroup its IOMMU group, when the IOMMU is on
 * @param driver the driver bound to it ({@code nvidia}, {@code vfio-pci}), if any
 * @param pcieRoot the PCI root complex it hangs off, {@code pci0000:00}, when sysfs says
 * @param addressableMemory the bytes its 64-bit memory BARs map, rounded up to a power of two
 * @param virtualFunctions how many SR-IOV VFs are enabled on it
 */
public record PciGpu(
    String address,
    int deviceId,
    int numaNode,
    Optional<Integer> iommuGroup,
    Optional<String> driver,
    Optional<String> pcieRoot,
    long addressableMemory,
    int virtualFunctions) {
  public PciGpu {
    Objects.requireNonNull(address, "address");
    Objects.requireNonNull(iommuGroup, "iommuGroup");
    Objects.requireNonNull(driver, "driver");
    Objects.requireNonNull(pcieRoot, "pcieRoot");
  }
}
