package dev.gpudra.nvml.jna;

import com.sun.jna.Structure;

/** {@code nvmlGpuInstancePlacement_t}: start and size in memory slices; 8 bytes. */
@Structure.FieldOrder({"start", "size"})
public class NvmlGpuInstancePlacement extends Structure {
  public int start;
  public int size;

  /** Passed by pointer, as {@code nvmlDeviceCreateGpuInstanceWithPlacement} takes it. */
  public static final class ByReference extends NvmlGpuInstancePlacement
      implements Structure.ByReference {}
}
