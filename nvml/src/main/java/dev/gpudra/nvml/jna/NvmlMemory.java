package dev.gpudra.nvml.jna;

import com.sun.jna.Structure;

/** {@code nvmlMemory_t} (v1): three unsigned 64-bit byte counts; 24 bytes. */
@Structure.FieldOrder({"total", "free", "used"})
public final class NvmlMemory extends Structure {
  public long total;
  public long free;
  public long used;
}
