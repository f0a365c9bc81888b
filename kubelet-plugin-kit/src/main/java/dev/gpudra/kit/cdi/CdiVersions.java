package dev.gpudra.kit.cdi;

import java.util.List;
import java.util.stream.Stream;

/**
 * The lowest CDI spec version the fields of a spec require, per the CDI version table: 0.3.0
 * baseline, 0.4.0 for mount types, 0.5.0 for host paths and device names starting with a digit,
 * 0.6.0 for a dot in the class part of the kind.
 */
public final class CdiVersions {
  public static final String BASELINE = "0.3.0";

  private CdiVersions() {}

  public static String minimum(String kind, ContainerEdits specEdits, List<CdiDevice> devices) {
    String version = BASELINE;
    List<ContainerEdits> edits =
        Stream.concat(Stream.of(specEdits), devices.stream().map(CdiDevice::containerEdits))
            .toList();
    if (edits.stream().flatMap(e -> e.mounts().stream()).anyMatch(m -> m.type() != null)) {
      version = max(version, "0.4.0");
    }
    if (edits.stream().flatMap(e -> e.deviceNodes().stream()).anyMatch(n -> n.hostPath() != null)
        || devices.stream().anyMatch(d -> Character.isDigit(d.name().charAt(0)))) {
      version = max(version, "0.5.0");
    }
    if (kind.substring(kind.indexOf('/') + 1).contains(".")) {
      version = max(version, "0.6.0");
    }
    return version;
  }

  /** Compares {@code x.y.z} versions numerically; a leading {@code v} is ignored. */
  public static int compare(String a, String b) {
    int[] x = parse(a);
    int[] y = parse(b);
    for (int i = 0; i < 3; i++) {
      if (x[i] != y[i]) {
        return Integer.compare(x[i], y[i]);
      }
    }
    return 0;
  }

  private static String max(String a, String b) {
    return compare(a, b) >= 0 ? a : b;
  }

  private static int[] parse(String version) {
    String[] parts = version.replaceFirst("^v", "").split("\\.");
    if (parts.length != 3) {
      throw new IllegalArgumentException("CDI version must be x.y.z: " + version);
    }
    int[] out = new int[3];
    for (int i = 0; i < 3; i++) {
      out[i] = Integer.parseInt(parts[i]);
    }
    return out;
  }
}
