package dev.gpudra.node.driverroot;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Finds a driver's user-space files under a driver root by the rules NVIDIA's nvcdi applies (mode
 * {@code nvml}; facts in docs/design/nvcdi-facts.md): the libraries are every file with the driver
 * version's suffix next to {@code libcuda}, not a fixed list. A pure function of the files under
 * the root and the driver version.
 */
public final class DriverFileDiscovery {
  static final List<String> LIBRARY_DIRS =
      List.of(
          "",
          "usr/lib64",
          "usr/lib/x86_64-linux-gnu",
          "usr/lib/aarch64-linux-gnu",
          "usr/lib/x86_64-linux-gnu/nvidia/current",
          "usr/lib/aarch64-linux-gnu/nvidia/current",
          "lib64",
          "lib/x86_64-linux-gnu",
          "lib/aarch64-linux-gnu",
          "lib/x86_64-linux-gnu/nvidia/current",
          "lib/aarch64-linux-gnu/nvidia/current");
  static final List<String> BINARIES =
      List.of(
          "nvidia-smi",
          "nvidia-debugdump",
          "nvidia-persistenced",
          "nvidia-cuda-mps-control",
          "nvidia-cuda-mps-server",
          "nvidia-imex",
          "nvidia-imex-ctl");
  static final List<String> BINARY_DIRS =
      List.of("usr/local/sbin", "usr/local/bin", "usr/sbin", "usr/bin", "sbin", "bin");
  static final List<String> CONFIG_DIRS = List.of("etc", "usr/local/share", "usr/share");
  static final List<String> GRAPHICS_CONFIGS =
      List.of(
          "glvnd/egl_vendor.d/10_nvidia.json",
          "egl/egl_external_platform.d/15_nvidia_gbm.json",
          "egl/egl_external_platform.d/10_nvidia_wayland.json",
          "nvidia/nvoptix.bin",
          "X11/xorg.conf.d/10-nvidia.conf",
          "X11/xorg.conf.d/nvidia-drm-outputclass.conf",
          "vulkan/icd.d/nvidia_icd.json",
          "vulkan/icd.d/nvidia_layers.json",
          "vulkan/implicit_layer.d/nvidia_layers.json");
  static final List<String> GRAPHICS_LIBRARY_PREFIXES =
      List.of("libnvidia-egl-gbm.so.", "libnvidia-egl-wayland.so.");
  static final List<String> XORG_MODULE_DIRS =
      List.of(
          "modules/drivers",
          "modules/extensions",
          "modules/updates/drivers",
          "modules/updates/extensions");
  static final List<String> XORG_ROOTS =
      List.of("usr/lib/xorg", "usr/lib64/xorg", "usr/X11R6/lib", "usr/X11R6/lib64");
  static final List<String> FIRMWARE_DIRS = List.of("lib/firmware/updates", "lib/firmware");
  static final List<List<String>> IPC =
      List.of(
          List.of("run/nvidia-persistenced/socket", "var/run/nvidia-persistenced/socket"),
          List.of("run/nvidia-fabricmanager/socket", "var/run/nvidia-fabricmanager/socket"),
          List.of("tmp/nvidia-mps"));

  /**
   * @param version the driver version NVML reports, e.g. {@code 550.163.01}
   * @throws UncheckedIOException when a directory that exists cannot be listed
   */
  public DriverFiles discover(Path root, String version) {
    Optional<Path> libraryDir = libraryDir(root, version);
    List<Path> libraries = libraryDir.map(dir -> libraries(dir, version)).orElse(List.of());
    List<Path> xorg = libraryDir.map(dir -> xorg(root, dir, version)).orElse(List.of());
    List<Path> graphics = new ArrayList<>(graphics(root, libraryDir));
    graphics.addAll(xorg);
    return new DriverFiles(
        libraryDir,
        libraries,
        graphics,
        firstOfEach(root, BINARIES, BINARY_DIRS, Files::isExecutable),
        firmware(root, version),
        ipcSockets(root),
        libraryDir.map(dir -> graphicsLinks(root, dir, libraries, xorg, version)).orElse(List.of()),
        new DotSoLinks(root).links(libraries, version));
  }

  private static Optional<Path> libraryDir(Path root, String version) {
    for (String library : List.of("libcuda.so.", "libnvidia-ml.so.")) {
      for (String dir : LIBRARY_DIRS) {
        if (Files.isRegularFile(root.resolve(dir).resolve(library + version))) {
          return Optional.of(root.resolve(dir));
        }
      }
    }
    return Optional.empty();
  }

  private static List<Path> libraries(Path dir, String version) {
    List<Path> found = new ArrayList<>(withSuffix(dir, ".so." + version));
    found.addAll(withSuffix(dir.resolve("vdpau"), ".so." + version));
    return found;
  }

  private static List<Path> withSuffix(Path dir, String suffix) {
    return list(dir).stream()
        .filter(f -> f.getFileName().toString().endsWith(suffix))
        .filter(Files::isRegularFile)
        .sorted()
        .toList();
  }

  private static List<Path> graphics(Path root, Optional<Path> libraryDir) {
    List<Path> found = new ArrayList<>();
    libraryDir.ifPresent(dir ->
        list(dir).stream()
            .filter(f -> GRAPHICS_LIBRARY_PREFIXES.stream().anyMatch(p -> name(f).startsWith(p)))
            .filter(Files::isRegularFile)
            .sorted()
            .forEach(found::add));
    found.addAll(firstOfEach(root, GRAPHICS_CONFIGS, CONFIG_DIRS, Files::isRegularFile));
    return found;
  }

  /**
   * The Xorg driver and GLX server modules, the first of each in nvcdi's search order: beside the
   * libraries ({@code nvidia/xorg}, {@code xorg/modules/...}), then the system's Xorg trees.
   */
  private static List<Path> xorg(Path root, Path libraryDir, String version) {
    List<Path> dirs = new ArrayList<>();
    dirs.add(libraryDir.resolve("nvidia/xorg"));
    XORG_MODULE_DIRS.forEach(d -> dirs.add(libraryDir.resolve("xorg").resolve(d)));
    for (String xorgRoot : XORG_ROOTS) {
      XORG_MODULE_DIRS.forEach(d -> dirs.add(root.resolve(xorgRoot).resolve(d)));
    }
    List<Path> found = new ArrayList<>();
    for (String name : List.of("nvidia_drv.so", "libglxserver_nvidia.so." + version)) {
      dirs.stream()
          .map(d -> d.resolve(name))
          .filter(Files::isRegularFile)
          .findFirst()
          .ifPresent(found::add);
    }
    return found;
  }

  /** nvcdi's graphics links, for what is present: GBM, Vulkan producer, the GLX server module. */
  private static List<String> graphicsLinks(
      Path root, Path libraryDir, List<Path> libraries, List<Path> xorg, String version) {
    String dir = "/" + root.relativize(libraryDir);
    List<String> links = new ArrayList<>();
    java.util.function.Predicate<String> mounted =
        name -> libraries.stream().anyMatch(l -> name(l).equals(name));
    if (mounted.test("libnvidia-allocator.so." + version)) {
      links.add("../libnvidia-allocator.so.1::" + dir + "/gbm/nvidia-drm_gbm.so");
    }
    if (mounted.test("libnvidia-vulkan-producer.so." + version)) {
      links.add(
          "libnvidia-vulkan-producer.so." + version + "::" + dir + "/libnvidia-vulkan-producer.so");
    }
    xorg.stream()
        .filter(f -> name(f).equals("libglxserver_nvidia.so." + version))
        .forEach(f ->
            links.add(
                name(f) + "::/" + root.relativize(f.getParent()) + "/libglxserver_nvidia.so"));
    return links;
  }

  private static List<Path> firmware(Path root, String version) {
    Set<Path> found = new LinkedHashSet<>();
    for (String dir : FIRMWARE_DIRS) {
      list(root.resolve(dir).resolve("nvidia").resolve(version)).stream()
          .filter(f -> name(f).startsWith("gsp") && name(f).endsWith(".bin"))
          .sorted()
          .forEach(found::add);
    }
    return List.copyOf(found);
  }

  private static List<Path> ipcSockets(Path root) {
    List<Path> found = new ArrayList<>();
    for (List<String> candidates : IPC) {
      candidates.stream()
          .map(root::resolve)
          .filter(p -> Files.exists(p) && !Files.isDirectory(p))
          .findFirst()
          .ifPresent(found::add);
    }
    return found;
  }

  /** For each name, the first directory holding it as {@code wanted}. */
  private static List<Path> firstOfEach(
      Path root, List<String> names, List<String> dirs, java.util.function.Predicate<Path> wanted) {
    List<Path> found = new ArrayList<>();
    for (String name : names) {
      dirs.stream()
          .map(dir -> root.resolve(dir).resolve(name))
          .filter(p -> Files.isRegularFile(p) && wanted.test(p))
          .findFirst()
          .ifPresent(found::add);
    }
    return found;
  }

  static String name(Path file) {
    return file.getFileName().toString();
  }

  private static List<Path> list(Path dir) {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(dir)) {
      return files.toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + dir, e);
    }
  }
}
