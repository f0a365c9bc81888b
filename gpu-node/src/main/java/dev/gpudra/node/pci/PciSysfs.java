package dev.gpudra.node.pci;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;

/** Reads the NVIDIA GPUs from sysfs ({@code <root>/bus/pci/devices}, {@code <root>/kernel}). */
public final class PciSysfs {
  static final int NVIDIA = 0x10de;
  private static final int VGA = 0x0300;
  private static final int DISPLAY_3D = 0x0302;
  private static final long MEM_64 = 0x00100000L;

  private final Path root;

  /**
   * @param root sysfs, {@code /sys} on a node
   */
  public PciSysfs(Path root) {
    this.root = Objects.requireNonNull(root, "root");
  }

  public Path root() {
    return root;
  }

  Path device(String address) {
    return root.resolve("bus/pci/devices").resolve(address);
  }

  public Path drivers() {
    return root.resolve("bus/pci/drivers");
  }

  /**
   * The NVIDIA GPUs (VGA and 3D controllers), by PCI address.
   *
   * @throws PciException when a GPU's files cannot be read
   */
  public List<PciGpu> gpus() {
    Path devices = root.resolve("bus/pci/devices");
    if (!Files.isDirectory(devices)) {
      return List.of();
    }
    List<PciGpu> gpus = new ArrayList<>();
    try (Stream<Path> all = Files.list(devices)) {
      for (Path dir : all.sorted().toList()) {
        if (isNvidiaGpu(dir)) {
          gpus.add(read(dir));
        }
      }
    } catch (IOException e) {
      throw new PciException("cannot list " + devices + ": " + e, e);
    }
    return gpus;
  }

  /** Whether the kernel has IOMMU groups (the IOMMU is on). */
  public boolean iommuEnabled() {
    Path groups = root.resolve("kernel/iommu_groups");
    if (!Files.isDirectory(groups)) {
      return false;
    }
    try (Stream<Path> any = Files.list(groups)) {
      return any.findAny().isPresent();
    } catch (IOException e) {
      throw new PciException("cannot list " + groups + ": " + e, e);
    }
  }

  /** Whether a PCI driver of that name is registered (its module is loaded). */
  public boolean driverRegistered(String driver) {
    return Files.isDirectory(drivers().resolve(driver));
  }

  /** The driver bound to the device, if any. */
  public Optional<String> driver(String address) {
    return linkName(device(address).resolve("driver"));
  }

  private static boolean isNvidiaGpu(Path dir) {
    try {
      int vendor = hex(dir.resolve("vendor"));
      int pciClass = hex(dir.resolve("class")) >> 8;
      return vendor == NVIDIA && (pciClass == VGA || pciClass == DISPLAY_3D);
    } catch (PciException e) {
      return false; // not a device with vendor and class: not ours
    }
  }

  private PciGpu read(Path dir) {
    String address = dir.getFileName().toString();
    return new PciGpu(
        address,
        hex(dir.resolve("device")),
        Files.exists(dir.resolve("numa_node"))
            ? Integer.parseInt(text(dir.resolve("numa_node")))
            : -1,
        linkName(dir.resolve("iommu_group")).map(Integer::parseInt),
        driver(address),
        pcieRoot(dir),
        addressableMemory(dir.resolve("resource")),
        Files.exists(dir.resolve("sriov_numvfs"))
            ? Integer.parseInt(text(dir.resolve("sriov_numvfs")))
            : 0);
  }

  /** The {@code pciDDDD:BB} component of the device's real path, under {@code devices/}. */
  private static Optional<String> pcieRoot(Path dir) {
    try {
      for (Path part : dir.toRealPath()) {
        if (part.toString().matches("pci[0-9a-f]{4}:[0-9a-f]{2}")) {
          return Optional.of(part.toString());
        }
      }
      return Optional.empty();
    } catch (IOException e) {
      throw new PciException("cannot resolve " + dir + ": " + e, e);
    }
  }

  /** The sum of the 64-bit memory BARs' sizes, rounded up to a power of two. */
  static long addressableMemory(Path resource) {
    if (!Files.exists(resource)) {
      return 0;
    }
    long total = 0;
    try (Stream<String> lines = Files.lines(resource)) {
      for (String line : lines.toList()) {
        String[] fields = line.trim().split("\\s+");
        if (fields.length < 3) {
          continue;
        }
        long start = Long.parseUnsignedLong(fields[0].substring(2), 16);
        long end = Long.parseUnsignedLong(fields[1].substring(2), 16);
        long flags = Long.parseUnsignedLong(fields[2].substring(2), 16);
        if (end != 0 && (flags & MEM_64) != 0) {
          total += end - start + 1;
        }
      }
    } catch (IOException | RuntimeException e) {
      throw new PciException("cannot read " + resource + ": " + e, e);
    }
    return total == 0 ? 0 : roundUp(total);
  }

  private static long roundUp(long bytes) {
    long power = Long.highestOneBit(bytes);
    return power == bytes ? bytes : power << 1;
  }

  private static Optional<String> linkName(Path link) {
    if (!Files.isSymbolicLink(link)) {
      return Optional.empty();
    }
    try {
      return Optional.of(Files.readSymbolicLink(link).getFileName().toString());
    } catch (IOException e) {
      throw new PciException("cannot read " + link + ": " + e, e);
    }
  }

  private static int hex(Path file) {
    String value = text(file);
    try {
      return Integer.parseInt(value.startsWith("0x") ? value.substring(2) : value, 16);
    } catch (NumberFormatException e) {
      throw new PciException(file + ": not a hex number: " + value, e);
    }
  }

  static String text(Path file) {
    try {
      return Files.readString(file).strip();
    } catch (IOException e) {
      throw new PciException("cannot read " + file + ": " + e, e);
    }
  }
}
