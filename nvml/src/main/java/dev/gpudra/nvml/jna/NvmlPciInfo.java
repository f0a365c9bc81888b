package dev.gpudra.nvml.jna;

import com.sun.jna.Structure;

/** {@code nvmlPciInfo_t}, as filled by {@code nvmlDeviceGetPciInfo_v3}; 68 bytes. */
@Structure.FieldOrder({
  "busIdLegacy",
  "domain",
  "bus",
  "device",
  "pciDeviceId",
  "pciSubSystemId",
  "busId"
})
public final class NvmlPciInfo extends Structure {
  /** {@code NVML_DEVICE_PCI_BUS_ID_BUFFER_V2_SIZE}. */
  public byte[] busIdLegacy = new byte[16];

  public int domain;
  public int bus;
  public int device;
  public int pciDeviceId;
  public int pciSubSystemId;

  /** {@code NVML_DEVICE_PCI_BUS_ID_BUFFER_SIZE}: {@code 00000000:07:00.0} and a NUL. */
  public byte[] busId = new byte[32];
}
