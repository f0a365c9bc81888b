package dev.gpudra.computedomain.node;

import dev.gpudra.kit.cdi.DeviceNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * IMEX device numbers from the kernel: majors from {@code /proc/devices} ({@code
 * nvidia-caps-imex-channels}, {@code nvidia-caps}), the capability's minor from {@code
 * /proc/driver/nvidia/capabilities/fabric-imex-mgmt} ({@code DeviceFileMinor: N}). Read on each
 * call: the driver may load after the plugin starts.
 */
public final class ProcImexDevices implements ImexDevices {
  static final String CHANNELS_DRIVER = "nvidia-caps-imex-channels";
  static final String CAPS_DRIVER = "nvidia-caps";
  static final String MGMT_CAPABILITY = "driver/nvidia/capabilities/fabric-imex-mgmt";

  private final Path procRoot;

  public ProcImexDevices(Path procRoot) {
    this.procRoot = procRoot;
  }

  @Override
  public DeviceNode channel(int id) {
    if (id < 0 || id >= CHANNELS) {
      throw new ImexDeviceException("IMEX channel " + id + " is outside 0.." + (CHANNELS - 1));
    }
    int major =
        major(CHANNELS_DRIVER)
            .orElseThrow(() ->
                new ImexDeviceException(
                    procRoot.resolve("devices")
                        + " has no "
                        + CHANNELS_DRIVER
                        + ": this node's NVIDIA driver provides no IMEX channels"));
    return DeviceNode.charDevice(CHANNEL_DIR + "/channel" + id, major, id);
  }

  @Override
  public DeviceNode fabricManagement() {
    int major =
        major(CAPS_DRIVER)
            .orElseThrow(() ->
                new ImexDeviceException(
                    procRoot.resolve("devices") + " has no " + CAPS_DRIVER + " devices"));
    int minor = mgmtMinor();
    return DeviceNode.charDevice("/dev/nvidia-caps/nvidia-cap" + minor, major, minor);
  }

  /** The major number of a character-device driver in {@code /proc/devices}. */
  Optional<Integer> major(String driver) {
    List<String> lines = read(procRoot.resolve("devices"));
    boolean character = false;
    for (String line : lines) {
      String trimmed = line.trim();
      if (trimmed.endsWith(":")) {
        character = trimmed.equals("Character devices:");
        continue;
      }
      String[] fields = trimmed.split("\\s+");
      if (character && fields.length == 2 && fields[1].equals(driver)) {
        return Optional.of(Integer.parseInt(fields[0]));
      }
    }
    return Optional.empty();
  }

  private int mgmtMinor() {
    Path file = procRoot.resolve(MGMT_CAPABILITY);
    for (String line : read(file)) {
      if (line.startsWith("DeviceFileMinor:")) {
        try {
          return Integer.parseInt(line.substring("DeviceFileMinor:".length()).trim());
        } catch (NumberFormatException e) {
          throw new ImexDeviceException(file + ": malformed line \"" + line + "\"", e);
        }
      }
    }
    throw new ImexDeviceException(file + " has no DeviceFileMinor line");
  }

  private static List<String> read(Path file) {
    try {
      return Files.readAllLines(file);
    } catch (NoSuchFileException e) {
      throw new ImexDeviceException(
          file + " does not exist: this node's NVIDIA driver provides no IMEX devices", e);
    } catch (IOException e) {
      throw new ImexDeviceException("cannot read " + file, e);
    }
  }
}
