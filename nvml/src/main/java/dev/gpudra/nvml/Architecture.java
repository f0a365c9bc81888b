package dev.gpudra.nvml;

import java.util.Arrays;

/** NVML device architectures, with the strings go-nvlib publishes. */
public enum Architecture {
  KEPLER(2, "Kepler"),
  MAXWELL(3, "Maxwell"),
  PASCAL(4, "Pascal"),
  VOLTA(5, "Volta"),
  TURING(6, "Turing"),
  AMPERE(7, "Ampere"),
  ADA(8, "Ada Lovelace"),
  HOPPER(9, "Hopper"),
  BLACKWELL(10, "Blackwell"),
  RUBIN(13, "Rubin"),
  UNKNOWN(0xFFFFFFFF, "Unknown");

  private final int nvmlValue;
  private final String label;

  Architecture(int nvmlValue, String label) {
    this.nvmlValue = nvmlValue;
    this.label = label;
  }

  public int nvmlValue() {
    return nvmlValue;
  }

  /** The attribute value published for this architecture. */
  public String label() {
    return label;
  }

  /**
   * Whether MIG mode changes take effect without a GPU reset (Hopper and newer), so that MIG
   * devices can be made on demand; on Ampere a change waits for a reset.
   */
  public boolean togglesMigWithoutReset() {
    return this != UNKNOWN && nvmlValue >= HOPPER.nvmlValue;
  }

  public static Architecture fromNvml(int value) {
    return Arrays.stream(values()).filter(a -> a.nvmlValue == value).findFirst().orElse(UNKNOWN);
  }

  /** Accepts the published label or the enum name, case-insensitively. */
  public static Architecture parse(String text) {
    return Arrays.stream(values())
        .filter(a -> a.label.equalsIgnoreCase(text) || a.name().equalsIgnoreCase(text))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("unknown GPU architecture: " + text));
  }
}
