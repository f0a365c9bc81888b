package dev.gpudra.gpu.slices;

/**
 * Turns NVML version strings into the semantic versions the driver publishes as {@code version}
 * attributes: missing components become 0 and leading zeros are dropped ({@code 580.95.05} becomes
 * {@code 580.95.5}, {@code 13.0} becomes {@code 13.0.0}), as NVIDIA's driver does through its
 * semver library.
 */
public final class Versions {
  private Versions() {}

  public static String semver(String version) {
    String[] parts = version.trim().split("\\.", -1);
    if (parts.length == 0 || parts.length > 3) {
      throw new IllegalArgumentException("not a MAJOR[.MINOR[.PATCH]] version: " + version);
    }
    long[] numbers = new long[3];
    for (int i = 0; i < parts.length; i++) {
      if (!parts[i].matches("\\d{1,18}")) {
        throw new IllegalArgumentException("not a numeric version: " + version);
      }
      numbers[i] = Long.parseLong(parts[i]);
    }
    return numbers[0] + "." + numbers[1] + "." + numbers[2];
  }

  /** NVML's CUDA driver version integer (major*1000 + minor*10) as a semantic version. */
  public static String cudaDriver(int nvmlValue) {
    return (nvmlValue / 1000) + "." + ((nvmlValue % 1000) / 10) + ".0";
  }
}
