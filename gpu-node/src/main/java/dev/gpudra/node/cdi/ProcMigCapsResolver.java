package dev.gpudra.node.cdi;

import dev.gpudra.kit.cdi.CdiException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * Reads MIG capability minors from {@code <procRoot>/driver/nvidia/capabilities/gpu<minor>/mig/
 * gi<GI>/access} and {@code .../gi<GI>/ci<CI>/access} (line {@code DeviceFileMinor: N}), and the
 * {@code nvidia-caps} major from {@code <procRoot>/devices}.
 */
public final class ProcMigCapsResolver implements MigCapsResolver {
  private final Path procRoot;

  /**
   * @param procRoot usually {@code /proc}
   */
  public ProcMigCapsResolver(Path procRoot) {
    this.procRoot = Objects.requireNonNull(procRoot, "procRoot");
  }

  @Override
  public MigCaps resolve(int parentMinor, int gpuInstanceId, int computeInstanceId) {
    Path gi =
        procRoot.resolve(
            "driver/nvidia/capabilities/gpu" + parentMinor + "/mig/gi" + gpuInstanceId);
    int giMinor = deviceFileMinor(gi.resolve("access"));
    int ciMinor = deviceFileMinor(gi.resolve("ci" + computeInstanceId).resolve("access"));
    return new MigCaps(capsMajor(), giMinor, ciMinor);
  }

  private int capsMajor() {
    Path devices = procRoot.resolve("devices");
    for (String line : lines(devices)) {
      String[] fields = line.trim().split("\\s+");
      if (fields.length == 2 && fields[1].equals("nvidia-caps")) {
        return parse(fields[0], devices);
      }
    }
    throw new CdiException("no nvidia-caps entry in " + devices);
  }

  private static int deviceFileMinor(Path access) {
    for (String line : lines(access)) {
      if (line.startsWith("DeviceFileMinor:")) {
        return parse(line.substring("DeviceFileMinor:".length()).trim(), access);
      }
    }
    throw new CdiException("no DeviceFileMinor line in " + access);
  }

  private static List<String> lines(Path file) {
    try {
      return Files.readAllLines(file);
    } catch (IOException e) {
      throw new CdiException("cannot read " + file, e);
    }
  }

  private static int parse(String number, Path file) {
    try {
      return Integer.parseInt(number);
    } catch (NumberFormatException e) {
      throw new CdiException("bad number \"" + number + "\" in " + file, e);
    }
  }
}
