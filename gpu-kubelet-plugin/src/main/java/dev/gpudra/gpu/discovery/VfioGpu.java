package dev.gpudra.gpu.discovery;

import dev.gpudra.node.pci.PciGpu;
import dev.gpudra.nvml.GpuInfo;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * A GPU offered for passthrough to a VM (PassthroughSupport): device {@code gpu-vfio-<index>}, the
 * index its PCI address has among the node's NVIDIA GPUs, as NVIDIA's.
 *
 * @param parent the GPU as NVML sees it while it is bound to {@code nvidia}; empty while a prepared
 *     claim holds it bound to {@code vfio-pci} (NVML cannot see it then)
 * @param index its position among the node's NVIDIA GPUs by PCI address
 * @param pci the PCI device
 * @param productName the PCI name of the device ({@code pci.ids}), or NVML's when unknown
 * @param iommuFd whether the node has {@code /dev/iommu}
 */
public record VfioGpu(
    Optional<GpuInfo> parent, int index, PciGpu pci, String productName, boolean iommuFd)
    implements AllocatableDevice {
  private static final UUID DNS_NAMESPACE = UUID.fromString("6ba7b810-9dad-11d1-80b4-00c04fd430c8");

  public VfioGpu {
    Objects.requireNonNull(parent, "parent");
    Objects.requireNonNull(pci, "pci");
    Objects.requireNonNull(productName, "productName");
  }

  @Override
  public String name() {
    return "gpu-vfio-" + index;
  }

  @Override
  public DeviceType type() {
    return DeviceType.VFIO;
  }

  /** Synthetic, as NVIDIA's: the SHA-1 name-based UUID of the PCI address in the DNS namespace. */
  @Override
  public String uuid() {
    return nameUuid(pci.address());
  }

  /**
   * The NVML GPU behind it.
   *
   * @throws IllegalStateException while it is bound to vfio-pci, when NVML does not see it
   */
  @Override
  public GpuInfo gpu() {
    return parent.orElseThrow(() ->
        new IllegalStateException(
            name() + " (" + pci.address() + ") is bound to vfio-pci: NVML does not see it"));
  }

  /**
   * Whether {@code device} is the same physical GPU seen through NVML: the whole GPU or, with
   * DynamicMIG, one of its MIG devices.
   */
  public boolean sibling(AllocatableDevice device) {
    return (device instanceof FullGpu || device instanceof AbstractMigDevice)
        && device.gpu().pciBusId().equals(pci.address());
  }

  /** A version-5 (SHA-1) name-based UUID in the DNS namespace (RFC 9562). */
  public static String nameUuid(String name) {
    try {
      MessageDigest sha1 = MessageDigest.getInstance("SHA-1");
      sha1.update(bytes(DNS_NAMESPACE));
      byte[] hash = sha1.digest(name.getBytes(StandardCharsets.UTF_8));
      hash[6] = (byte) ((hash[6] & 0x0f) | 0x50);
      hash[8] = (byte) ((hash[8] & 0x3f) | 0x80);
      long msb = 0;
      long lsb = 0;
      for (int i = 0; i < 8; i++) {
        msb = (msb << 8) | (hash[i] & 0xff);
        lsb = (lsb << 8) | (hash[i + 8] & 0xff);
      }
      return new UUID(msb, lsb).toString();
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime has SHA-1", e);
    }
  }

  private static byte[] bytes(UUID uuid) {
    byte[] out = new byte[16];
    for (int i = 0; i < 8; i++) {
      out[i] = (byte) (uuid.getMostSignificantBits() >>> (56 - 8 * i));
      out[i + 8] = (byte) (uuid.getLeastSignificantBits() >>> (56 - 8 * i));
    }
    return out;
  }
}
