package dev.gpudra.nvml;

/**
 * The length of the time slice a GPU gives each context when several share it, as {@code nvidia-smi
 * compute-policy --set-timeslice} takes it (0..3).
 */
public enum TimeSlice {
  DEFAULT(0),
  SHORT(1),
  MEDIUM(2),
  LONG(3);

  private final int level;

  TimeSlice(int level) {
    this.level = level;
  }

  /** The argument of {@code --set-timeslice}. */
  public int level() {
    return level;
  }
}
