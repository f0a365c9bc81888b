package dev.gpudra.nvml.jna;

import com.sun.jna.Pointer;
import com.sun.jna.Structure;

/**
 * {@code nvmlComputeInstanceInfo_t}: the device and GPU-instance handles, the CI ID, its profile ID
 * and placement (start, size); 32 bytes on 64-bit.
 */
@Structure.FieldOrder({"device", "gpuInstance", "id", "profileId", "start", "size"})
public final class NvmlComputeInstanceInfo extends Structure {
  public Pointer device;
  public Pointer gpuInstance;
  public int id;
  public int profileId;
  public int start;
  public int size;
}
