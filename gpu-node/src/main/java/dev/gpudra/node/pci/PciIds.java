package dev.gpudra.node.pci;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * NVIDIA's device names from the PCI ID database ({@code pci.ids}, as hwdata installs it), the
 * names NVIDIA's plugin publishes as a passthrough GPU's {@code productName}.
 */
public final class PciIds {
  /** Where distributions install it, under a host root. */
  public static final List<String> LOCATIONS =
      List.of("usr/share/misc/pci.ids", "usr/share/hwdata/pci.ids", "usr/share/pci.ids");

  private final Map<Integer, String> nvidia;

  private PciIds(Map<Integer, String> nvidia) {
    this.nvidia = Map.copyOf(nvidia);
  }

  /** No database: every name unknown. */
  public static PciIds none() {
    return new PciIds(Map.of());
  }

  /**
   * The first database found under {@code hostRoot}, or {@link #none()}.
   *
   * @throws PciException when one exists but cannot be read
   */
  public static PciIds find(Path hostRoot) {
    for (String location : LOCATIONS) {
      Path file = hostRoot.resolve(location);
      if (Files.isRegularFile(file)) {
        return read(file);
      }
    }
    return none();
  }

  static PciIds read(Path file) {
    Map<Integer, String> names = new HashMap<>();
    boolean inNvidia = false;
    try {
      for (String line : Files.readAllLines(file, java.nio.charset.StandardCharsets.ISO_8859_1)) {
        if (line.isEmpty() || line.startsWith("#")) {
          continue;
        }
        if (!line.startsWith("\t")) {
          inNvidia = line.startsWith(String.format("%04x ", PciSysfs.NVIDIA));
        } else if (inNvidia && !line.startsWith("\t\t") && line.length() > 7) {
          names.put(Integer.parseInt(line.substring(1, 5), 16), line.substring(5).strip());
        }
      }
    } catch (IOException | NumberFormatException e) {
      throw new PciException("cannot read the PCI ID database " + file + ": " + e, e);
    }
    return new PciIds(names);
  }

  /** The device's name, e.g. {@code GH100 [H100 SXM5 80GB]}. */
  public Optional<String> nvidiaDevice(int deviceId) {
    return Optional.ofNullable(nvidia.get(deviceId));
  }
}
