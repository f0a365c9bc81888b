package dev.gpudra.nvml;

/**
 * go-nvlib's MIG profile names ({@code 1g.5gb}, {@code 1g.5gb+me}), derived from a GPU-instance
 * profile and the parent GPU's total memory. The GB figure rounds the profile's share of memory up
 * to whole eighths and scales it by the total in whole GiB; integer arithmetic keeps it exact.
 */
public final class MigProfileNames {
  private static final long MIB = 1L << 20;
  private static final long GIB = 1L << 30;

  private MigProfileNames() {}

  /** The profile name, e.g. {@code 3g.20gb} or {@code 1g.10gb+me}. */
  public static String name(
      MigProfileConstant constant, int sliceCount, long memorySizeMiB, long totalMemoryBytes) {
    return sliceCount
        + "g."
        + gigabytes(memorySizeMiB, totalMemoryBytes)
        + "gb"
        + constant.suffix();
  }

  /** {@code round(ceil(mem * 2^20 / total * 8) / 8 * ceil(total / 1 GiB))}. */
  public static long gigabytes(long memorySizeMiB, long totalMemoryBytes) {
    if (memorySizeMiB < 0 || totalMemoryBytes <= 0) {
      throw new IllegalArgumentException(
          "memory sizes must be positive: " + memorySizeMiB + " MiB of " + totalMemoryBytes);
    }
    long eighths = ceilDiv(memorySizeMiB * MIB * 8, totalMemoryBytes);
    long totalGiB = ceilDiv(totalMemoryBytes, GIB);
    // round(eighths * totalGiB / 8), half away from zero as Go's math.Round does.
    return (eighths * totalGiB * 2 + 8) / 16;
  }

  /** The DRA device-name form: dots removed, lower case, other characters as {@code -}. */
  public static String canonical(String profileName) {
    String s = profileName.replace(".", "").toLowerCase(java.util.Locale.ROOT);
    return s.replaceAll("[^a-z0-9-]", "-").replaceAll("^-+|-+$", "");
  }

  private static long ceilDiv(long a, long b) {
    return Math.ceilDiv(a, b);
  }
}
