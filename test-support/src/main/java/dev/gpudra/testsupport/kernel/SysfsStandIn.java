package dev.gpudra.testsupport.kernel;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A stand-in for the kernel's PCI sysfs (tests and demo only): NVIDIA GPUs laid out as sysfs lays
 * them out, and a thread that answers the writes drivers are moved with ({@code
 * drivers/<d>/unbind}, {@code drivers/<d>/bind}, {@code drivers_probe} honouring {@code
 * driver_override}) by moving each device's {@code driver} link, as the kernel would.
 */
public final class SysfsStandIn implements AutoCloseable {
  /** The drivers registered, as with the nvidia and vfio-pci modules loaded. */
  public static final List<String> DRIVERS = List.of("nvidia", "vfio-pci");

  /**
   * One GPU of the tree.
   *
   * @param address {@code 0000:3b:00.0}
   * @param deviceId PCI device ID
   * @param numaNode -1 for none
   * @param iommuGroup its IOMMU group
   * @param driver bound at the start, if any
   */
  public record Gpu(
      String address, int deviceId, int numaNode, int iommuGroup, Optional<String> driver) {}

  private final Path root;
  private final Thread kernel;
  private volatile boolean closed;

  private SysfsStandIn(Path root) {
    this.root = root;
    this.kernel = Thread.ofPlatform().daemon().name("sysfs-stand-in").unstarted(this::loop);
  }

  /** Lays the tree out under {@code root} and starts answering writes. */
  public static SysfsStandIn start(Path root, List<Gpu> gpus) {
    SysfsStandIn sysfs = new SysfsStandIn(Objects.requireNonNull(root, "root"));
    try {
      sysfs.layOut(gpus);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot lay out a sysfs stand-in under " + root, e);
    }
    sysfs.kernel.start();
    return sysfs;
  }

  public Path root() {
    return root;
  }

  /** The driver bound to the device, as its link says. */
  public Optional<String> driver(String address) {
    Path link = device(address).resolve("driver");
    try {
      return Files.isSymbolicLink(link)
          ? Optional.of(Files.readSymbolicLink(link).getFileName().toString())
          : Optional.empty();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private Path device(String address) {
    return root.resolve("devices/pci0000:00").resolve(address);
  }

  private void layOut(List<Gpu> gpus) throws IOException {
    Path pci = Files.createDirectories(root.resolve("bus/pci"));
    Files.writeString(pci.resolve("drivers_probe"), "");
    for (String driver : DRIVERS) {
      Path dir = Files.createDirectories(pci.resolve("drivers").resolve(driver));
      Files.writeString(dir.resolve("bind"), "");
      Files.writeString(dir.resolve("unbind"), "");
    }
    Files.createDirectories(pci.resolve("devices"));
    for (Gpu gpu : gpus) {
      layOut(gpu);
    }
  }

  private void layOut(Gpu gpu) throws IOException {
    Path dir = Files.createDirectories(device(gpu.address()));
    Files.writeString(dir.resolve("vendor"), "0x10de\n");
    Files.writeString(dir.resolve("device"), String.format("0x%04x%n", gpu.deviceId()));
    Files.writeString(dir.resolve("class"), "0x030200\n");
    Files.writeString(dir.resolve("numa_node"), gpu.numaNode() + "\n");
    Files.writeString(dir.resolve("driver_override"), "(null)\n");
    Files.writeString(dir.resolve("sriov_numvfs"), "0\n");
    // BAR0 16 MiB (32-bit), BAR1 64 GiB and BAR3 32 MiB (64-bit, prefetchable)
    Files.writeString(
        dir.resolve("resource"),
        "0x00000000c0000000 0x00000000c0ffffff 0x0000000000040200\n"
            + "0x0000200000000000 0x0000200fffffffff 0x000000000014220c\n"
            + "0x0000000000000000 0x0000000000000000 0x0000000000000000\n"
            + "0x0000201000000000 0x0000201001ffffff 0x000000000014220c\n");
    Path group =
        Files.createDirectories(
            root.resolve("kernel/iommu_groups")
                .resolve(Integer.toString(gpu.iommuGroup()))
                .resolve("devices"));
    Files.createSymbolicLink(
        group.resolve(gpu.address()), Path.of("../../../../devices/pci0000:00", gpu.address()));
    Files.createSymbolicLink(
        dir.resolve("iommu_group"),
        Path.of("../../../kernel/iommu_groups", Integer.toString(gpu.iommuGroup())));
    Files.createSymbolicLink(
        root.resolve("bus/pci/devices").resolve(gpu.address()),
        Path.of("../../../devices/pci0000:00", gpu.address()));
    if (gpu.driver().isPresent()) {
      link(gpu.address(), gpu.driver().get());
    }
  }

  private void link(String address, String driver) throws IOException {
    Files.createSymbolicLink(
        device(address).resolve("driver"), Path.of("../../../bus/pci/drivers", driver));
  }

  private void loop() {
    while (!closed) {
      try {
        step();
        Thread.sleep(10);
      } catch (InterruptedException e) {
        return;
      } catch (IOException | RuntimeException e) {
        // a file half-written by the plugin: read again on the next round
      }
    }
  }

  private synchronized void step() throws IOException {
    for (String driver : DRIVERS) {
      Path dir = root.resolve("bus/pci/drivers").resolve(driver);
      String unbind = take(dir.resolve("unbind"));
      if (!unbind.isEmpty() && driver(unbind).filter(driver::equals).isPresent()) {
        Files.delete(device(unbind).resolve("driver"));
      }
      String bind = take(dir.resolve("bind"));
      if (!bind.isEmpty() && driver(bind).isEmpty()) {
        link(bind, driver);
      }
    }
    Path probeFile = root.resolve("bus/pci/drivers_probe");
    String pending = Files.readString(probeFile).strip();
    if (!pending.isEmpty() && unbindPending(pending)) {
      // the kernel's unbind is synchronous: a probe written after it waits until it is answered
      // (the unbind came in after this round read the unbind files)
      return;
    }
    String probe = take(probeFile);
    if (!probe.isEmpty() && driver(probe).isEmpty()) {
      String override = Files.readString(device(probe).resolve("driver_override")).strip();
      boolean overridden = !override.isEmpty() && !"(null)".equals(override);
      String chosen = overridden ? override : "nvidia";
      if (DRIVERS.contains(chosen)) {
        link(probe, chosen);
      }
    }
  }

  /** What was written to the file, which is emptied again. */
  /** Whether the device's driver has an unbind for it not answered yet. */
  private boolean unbindPending(String address) throws IOException {
    Optional<String> bound = driver(address);
    return bound.isPresent()
        && Files.readString(root.resolve("bus/pci/drivers").resolve(bound.get()).resolve("unbind"))
            .strip()
            .equals(address);
  }

  private static String take(Path file) throws IOException {
    String written = Files.readString(file).strip();
    if (!written.isEmpty()) {
      Files.writeString(file, "");
    }
    return written;
  }

  @Override
  public void close() {
    closed = true;
    kernel.interrupt();
  }
}
