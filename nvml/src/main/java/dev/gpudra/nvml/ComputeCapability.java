package dev.gpudra.nvml;

/** CUDA compute capability, e.g. 9.0 for Hopper. */
public record ComputeCapability(int major, int minor) {
  public ComputeCapability {
    if (major < 1 || minor < 0) {
      throw new IllegalArgumentException("invalid compute capability " + major + "." + minor);
    }
  }

  /** Parses {@code "8.9"}. */
  public static ComputeCapability parse(String text) {
    String[] parts = text.trim().split("\\.");
    if (parts.length != 2) {
      throw new IllegalArgumentException("compute capability must be MAJOR.MINOR: " + text);
    }
    try {
      return new ComputeCapability(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("compute capability must be MAJOR.MINOR: " + text, e);
    }
  }

  @Override
  public String toString() {
    return major + "." + minor;
  }
}
