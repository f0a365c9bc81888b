package dev.gpudra.nvml.jna;

import com.sun.jna.Structure;

/** {@code nvmlGpuInstancePlacement_t}: start and size in memory slices; 8 bytes. */
@Structure.FieldOrder({"start", "size"})
public final class NvmlGpuInstancePlacement extends Structure {
  public int start;
  public int size;
}
