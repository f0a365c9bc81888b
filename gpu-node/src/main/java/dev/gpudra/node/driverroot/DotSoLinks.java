package dev.gpudra.node.driverroot;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The {@code create-symlinks} links a container needs for the mounted libraries, as the NVIDIA
 * Container Toolkit (1.19) makes them: nvcdi's fixed links ({@code libcuda.so}, {@code
 * libGLX_indirect.so.0}, {@code libnvidia-opticalflow.so}); for {@code libX.so.<version>}, the link
 * named by its ELF SONAME ({@link ElfSoname}) and the {@code libX.so} link to that, each only where
 * the host has that symlink beside the library. A library whose SONAME cannot be read (no ELF, as
 * on a mock driver root) gets no SONAME links, as NVIDIA's.
 */
final class DotSoLinks {
  private static final Map<String, String> FIXED =
      Map.of(
          "libcuda.so.", "libcuda.so.1::libcuda.so",
          "libGLX_nvidia.so.", "libGLX_nvidia.so.%s::libGLX_indirect.so.0",
          "libnvidia-opticalflow.so.", "libnvidia-opticalflow.so.1::libnvidia-opticalflow.so");

  private final Path root;

  DotSoLinks(Path root) {
    this.root = root;
  }

  /** {@code target::link} pairs, link paths as in the container, in library order. */
  List<String> links(List<Path> libraries, String version) {
    Set<String> links = new LinkedHashSet<>();
    for (Path library : libraries) {
      String name = DriverFileDiscovery.name(library);
      String dir = containerDir(library);
      String stem = name.substring(0, name.length() - (".so." + version).length());
      String fixed = FIXED.get(stem + ".so.");
      if (fixed != null) {
        String[] pair = fixed.formatted(version).split("::");
        links.add(pair[0] + "::" + dir + "/" + pair[1]);
      }
      ElfSoname.of(library).ifPresent(soname -> sonameLinks(library, soname, links));
    }
    return List.copyOf(links);
  }

  /**
   * The SONAME link to the library and the {@code .so} link to the SONAME, where the host has them.
   */
  private void sonameLinks(Path library, String soname, Set<String> links) {
    String name = DriverFileDiscovery.name(library);
    String dir = containerDir(library);
    if (!soname.equals(name) && isSymlink(library.resolveSibling(soname))) {
      links.add(name + "::" + dir + "/" + soname);
    }
    String soLink = soLink(soname);
    if (!soLink.isEmpty() && !soLink.equals(soname) && isSymlink(library.resolveSibling(soLink))) {
      links.add(soname + "::" + dir + "/" + soLink);
    }
  }

  /** {@code libX.so} for {@code libX.so.1.2}; empty for a name without {@code .so}. */
  static String soLink(String soname) {
    String name = soname;
    while (true) {
      int dot = name.lastIndexOf('.');
      if (dot < 0 || name.indexOf('/', dot) >= 0) {
        return "";
      }
      if (name.substring(dot).equals(".so")) {
        return name;
      }
      name = name.substring(0, dot);
    }
  }

  private static boolean isSymlink(Path path) {
    return Files.isSymbolicLink(path);
  }

  private String containerDir(Path library) {
    return Path.of("/").resolve(root.relativize(library.getParent())).toString();
  }
}
