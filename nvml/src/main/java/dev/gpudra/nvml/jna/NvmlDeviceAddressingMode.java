package dev.gpudra.nvml.jna;

import com.sun.jna.Structure;

/** {@code nvmlDeviceAddressingMode_t} (v1): a versioned struct holding the mode; 8 bytes. */
@Structure.FieldOrder({"version", "value"})
public final class NvmlDeviceAddressingMode extends Structure {
  /** {@code nvmlDeviceAddressingMode_v1}: the struct size with version 1 in the top byte. */
  public static final int VERSION_1 = 0x1000008;

  public int version = VERSION_1;
  public int value;
}
