package dev.gpudra.node.driverroot;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The {@code create-symlinks} links a container needs for the mounted libraries, as nvcdi makes
 * them: for {@code libX.so.<version>}, the {@code libX.so.N} link the host has to it and the {@code
 * libX.so} link the host has to that, plus nvcdi's fixed links ({@code libcuda.so}, {@code
 * libGLX_indirect.so.0}, {@code libnvidia-opticalflow.so}). A link the host lacks is not made.
 * (nvcdi reads the ELF SONAME; the host's own {@code .so.N} link to the file names the same.)
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
    Map<Path, Map<String, String>> symlinksByDir = new HashMap<>();
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
      Map<String, String> symlinks =
          symlinksByDir.computeIfAbsent(library.getParent(), DotSoLinks::symlinks);
      sonameLink(symlinks, stem, name)
          .ifPresent(soname -> {
            links.add(name + "::" + dir + "/" + soname);
            if (symlinks.containsKey(stem + ".so")) {
              links.add(soname + "::" + dir + "/" + stem + ".so");
            }
          });
    }
    return List.copyOf(links);
  }

  /** The host's {@code stem.so.N} symlink pointing at {@code name}, if any (the first by name). */
  private static Optional<String> sonameLink(
      Map<String, String> symlinks, String stem, String name) {
    return symlinks.entrySet().stream()
        .filter(e -> e.getKey().startsWith(stem + ".so.") && !e.getKey().equals(name))
        .filter(e -> name.equals(e.getValue()))
        .map(Map.Entry::getKey)
        .sorted()
        .findFirst();
  }

  /** The symlinks of a directory, name to target, listed once per directory. */
  private static Map<String, String> symlinks(Path dir) {
    Map<String, String> symlinks = new HashMap<>();
    try (var entries = Files.list(dir)) {
      for (Path entry : entries.filter(Files::isSymbolicLink).toList()) {
        symlinks.put(DriverFileDiscovery.name(entry), Files.readSymbolicLink(entry).toString());
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the links in " + dir, e);
    }
    return symlinks;
  }

  private String containerDir(Path library) {
    return Path.of("/").resolve(root.relativize(library.getParent())).toString();
  }
}
