package dev.gpudra.node.driverroot;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * What a driver root holds that containers need, as paths under the plugin's view of the root.
 *
 * @param libraryDir the directory of {@code libcuda.so.<version>} (else of {@code
 *     libnvidia-ml.so.<version>}); empty when the root has neither
 * @param libraries every {@code *.so.<version>} in that directory and its {@code vdpau}
 * @param graphics the graphics libraries and configs present (EGL, GBM, Wayland, Vulkan, X11)
 * @param binaries the driver's programs present ({@code nvidia-smi}, ...)
 * @param firmware the GSP firmware files of this driver version
 * @param ipcSockets the persistenced and fabric-manager sockets and the MPS pipe present
 * @param graphicsLinks {@code target::link} pairs nvcdi makes for graphics (GBM, Vulkan producer,
 *     the Xorg GLX server module), in their own {@code create-symlinks} hook
 * @param links {@code target::link} pairs for the driver libraries' {@code create-symlinks} hook,
 *     link paths as in the container
 */
public record DriverFiles(
    Optional<Path> libraryDir,
    List<Path> libraries,
    List<Path> graphics,
    List<Path> binaries,
    List<Path> firmware,
    List<Path> ipcSockets,
    List<String> graphicsLinks,
    List<String> links) {
  public DriverFiles {
    libraries = List.copyOf(libraries);
    graphics = List.copyOf(graphics);
    binaries = List.copyOf(binaries);
    firmware = List.copyOf(firmware);
    ipcSockets = List.copyOf(ipcSockets);
    graphicsLinks = List.copyOf(graphicsLinks);
    links = List.copyOf(links);
  }

  /** A driver root with nothing in it (simulated GPUs without a driver). */
  public static DriverFiles none() {
    return new DriverFiles(
        Optional.empty(),
        List.of(),
        List.of(),
        List.of(),
        List.of(),
        List.of(),
        List.of(),
        List.of());
  }
}
