package dev.gpudra.nvml.jna;

import com.sun.jna.Pointer;
import com.sun.jna.Structure;

/**
 * {@code nvmlGpuInstanceInfo_t}: the parent device handle, the GI ID, the profile ID and the
 * placement (by value); 24 bytes on a 64-bit platform.
 */
@Structure.FieldOrder({"device", "id", "profileId", "placement"})
public final class NvmlGpuInstanceInfo extends Structure {
  public Pointer device;
  public int id;
  public int profileId;
  public NvmlGpuInstancePlacement placement = new NvmlGpuInstancePlacement();
}
