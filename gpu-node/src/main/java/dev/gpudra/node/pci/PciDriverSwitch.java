package dev.gpudra.node.pci;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Moves a GPU to another PCI driver the way the kernel documents it: {@code driver_override} names
 * the driver, the current one lets go ({@code driver/unbind}), {@code drivers_probe} binds it, and
 * the {@code driver} link is waited for; the override is cleared again once it is bound.
 */
public final class PciDriverSwitch {
  private static final Logger log = LoggerFactory.getLogger(PciDriverSwitch.class);
  private static final Duration POLL = Duration.ofMillis(20);

  private final PciSysfs sysfs;
  private final Duration limit;

  /**
   * @param limit how long the kernel may take to bind it (NVIDIA's: 15 s)
   */
  public PciDriverSwitch(PciSysfs sysfs, Duration limit) {
    this.sysfs = Objects.requireNonNull(sysfs, "sysfs");
    this.limit = Objects.requireNonNull(limit, "limit");
  }

  /**
   * Binds the device to {@code driver}; already bound to it is a no-op.
   *
   * @throws PciException when the driver is not registered, a write fails, or the device is not
   *     bound to it within the limit
   */
  public void bind(String address, String driver) {
    Optional<String> current = sysfs.driver(address);
    if (current.filter(driver::equals).isPresent()) {
      return;
    }
    if (!sysfs.driverRegistered(driver)) {
      throw new PciException(
          "GPU "
              + address
              + ": no PCI driver "
              + driver
              + " under "
              + sysfs.drivers()
              + " (is its module loaded on the node?)");
    }
    Path device = sysfs.device(address);
    write(device.resolve("driver_override"), driver);
    if (current.isPresent()) {
      write(device.resolve("driver/unbind"), address);
    }
    write(sysfs.root().resolve("bus/pci/drivers_probe"), address);
    awaitBound(address, driver);
    write(device.resolve("driver_override"), "\n");
    log.info("GPU {}: bound to {} (was {})", address, driver, current.orElse("none"));
  }

  private void awaitBound(String address, String driver) {
    Instant deadline = Instant.now().plus(limit);
    while (!sysfs.driver(address).filter(driver::equals).isPresent()) {
      if (Instant.now().isAfter(deadline)) {
        throw new PciException(
            "GPU "
                + address
                + " is not bound to "
                + driver
                + " "
                + limit.toMillis()
                + " ms after drivers_probe (bound to "
                + sysfs.driver(address).orElse("none")
                + "); see the kernel log");
      }
      try {
        Thread.sleep(POLL);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new PciException("interrupted while binding GPU " + address + " to " + driver, e);
      }
    }
  }

  private static void write(Path file, String value) {
    try {
      Files.writeString(file, value);
    } catch (IOException e) {
      throw new PciException("cannot write \"" + value.strip() + "\" to " + file + ": " + e, e);
    }
  }
}
