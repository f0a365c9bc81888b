package dev.gpudra.gpu.slices;

import io.fabric8.kubernetes.api.model.Quantity;

/** Byte counts as Kubernetes binary-SI quantities, in the largest unit that is exact. */
public final class Quantities {
  private static final String[] SUFFIXES = {"", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei"};

  private Quantities() {}

  public static Quantity binary(long bytes) {
    if (bytes < 0) {
      throw new IllegalArgumentException("negative byte count: " + bytes);
    }
    long value = bytes;
    int unit = 0;
    while (value != 0 && value % 1024 == 0 && unit < SUFFIXES.length - 1) {
      value /= 1024;
      unit++;
    }
    return new Quantity(Long.toString(value), SUFFIXES[unit]);
  }

  /** The bytes a quantity stands for (whole bytes; what {@link #binary} wrote, read back). */
  public static long bytes(Quantity quantity) {
    return Quantity.getAmountInBytes(quantity).longValueExact();
  }

  public static Quantity count(long value) {
    return new Quantity(Long.toString(value));
  }
}
