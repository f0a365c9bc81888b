package dev.gpudra.nvml.jna;

import com.sun.jna.Structure;

/**
 * {@code nvmlFieldValue_t}: the field and scope asked for, when and how fast NVML read it, the
 * value's type, the read's own return code, and the value (an 8-byte union); 40 bytes.
 */
@Structure.FieldOrder({
  "fieldId",
  "scopeId",
  "timestamp",
  "latencyUsec",
  "valueType",
  "nvmlReturn",
  "value"
})
public final class NvmlFieldValue extends Structure {
  /** {@code NVML_FI_DEV_GET_GPU_RECOVERY_ACTION}. */
  static final int GPU_RECOVERY_ACTION = 230;

  /** {@code NVML_VALUE_TYPE_UNSIGNED_LONG}: 8 bytes on 64-bit Linux. */
  private static final int UNSIGNED_LONG = 2;

  /** {@code NVML_VALUE_TYPE_UNSIGNED_LONG_LONG}. */
  private static final int UNSIGNED_LONG_LONG = 3;

  /** {@code NVML_VALUE_TYPE_SIGNED_LONG_LONG}. */
  private static final int SIGNED_LONG_LONG = 4;

  public int fieldId;
  public int scopeId;
  public long timestamp;
  public long latencyUsec;
  public int valueType;
  public int nvmlReturn;
  public long value;

  /** The value as an integer: the union's low 4 bytes unless NVML wrote an 8-byte integer. */
  long integer() {
    return switch (valueType) {
      case UNSIGNED_LONG, UNSIGNED_LONG_LONG, SIGNED_LONG_LONG -> value;
      default -> Integer.toUnsignedLong((int) value);
    };
  }
}
