package dev.gpudra.nvml.jna;

import com.sun.jna.Pointer;
import com.sun.jna.Structure;

/**
 * {@code nvmlEventData_t}: the device handle, event type and data (the XID), and the GI/CI IDs of a
 * MIG device ({@code 0xFFFFFFFF} for the whole GPU); 32 bytes on 64-bit.
 */
@Structure.FieldOrder({"device", "eventType", "eventData", "gpuInstanceId", "computeInstanceId"})
public final class NvmlEventData extends Structure {
  public Pointer device;
  public long eventType;
  public long eventData;
  public int gpuInstanceId;
  public int computeInstanceId;
}
