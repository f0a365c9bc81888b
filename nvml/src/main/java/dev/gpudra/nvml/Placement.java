package dev.gpudra.nvml;

/** A GPU-instance placement, in memory slices: {@code start} and {@code size}. */
public record Placement(int start, int size) {
  public Placement {
    if (start < 0 || size < 1) {
      throw new IllegalArgumentException("invalid placement " + start + ":" + size);
    }
  }

  @Override
  public String toString() {
    return start + ":" + size;
  }
}
