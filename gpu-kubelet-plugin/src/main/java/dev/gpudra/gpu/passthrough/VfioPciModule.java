package dev.gpudra.gpu.passthrough;

import dev.gpudra.node.pci.PciSysfs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The vfio-pci driver, loaded at start when the kernel does not have it yet, as NVIDIA's plugin
 * does: the host's own {@code modprobe vfio_pci}, run in the host's root ({@code chroot
 * /host-root}), so that the module matches the host's kernel.
 */
public final class VfioPciModule {
  private static final Logger log = LoggerFactory.getLogger(VfioPciModule.class);
  private static final String DRIVER = "vfio-pci";
  private static final String MODULE = "vfio_pci";
  private static final long LOAD_SECONDS = 30;

  private final PciSysfs sysfs;
  private final Path hostRoot;
  private final String chroot;

  /**
   * @param chroot the {@code chroot} program ({@code chroot} on the image's PATH)
   */
  public VfioPciModule(PciSysfs sysfs, Path hostRoot, String chroot) {
    this.sysfs = Objects.requireNonNull(sysfs, "sysfs");
    this.hostRoot = Objects.requireNonNull(hostRoot, "hostRoot");
    this.chroot = Objects.requireNonNull(chroot, "chroot");
  }

  /**
   * Loads the module unless the vfio-pci driver is registered already.
   *
   * @return whether it loaded it
   * @throws PassthroughException when modprobe fails or the driver is still missing after it
   */
  public boolean ensureLoaded() {
    if (sysfs.driverRegistered(DRIVER)) {
      return false;
    }
    List<String> command = List.of(chroot, hostRoot.toString(), "modprobe", MODULE);
    String output;
    int exit;
    try {
      Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
      process.getOutputStream().close();
      if (!process.waitFor(LOAD_SECONDS, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new PassthroughException(
            failed(command) + "did not end within " + LOAD_SECONDS + " s");
      }
      output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
      exit = process.exitValue();
    } catch (IOException e) {
      throw new PassthroughException(failed(command) + "cannot run it: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new PassthroughException(failed(command) + "interrupted", e);
    }
    if (exit != 0) {
      throw new PassthroughException(failed(command) + "exit code " + exit + ": " + output);
    }
    if (!sysfs.driverRegistered(DRIVER)) {
      throw new PassthroughException(
          failed(command) + "it ran, but no driver " + DRIVER + " under " + sysfs.drivers());
    }
    log.info("passthrough: {} loaded with the host's modprobe", MODULE);
    return true;
  }

  private String failed(List<String> command) {
    return "the vfio-pci driver is not registered under "
        + sysfs.drivers()
        + " and loading its module ("
        + String.join(" ", command)
        + ") failed: ";
  }
}
