package dev.gpudra.node.driverroot;

import dev.gpudra.kit.cdi.CdiException;
import dev.gpudra.kit.cdi.ContainerEdits;
import dev.gpudra.kit.cdi.DeviceNode;
import dev.gpudra.kit.cdi.Hook;
import dev.gpudra.node.cdi.DeviceNodeLocator;
import dev.gpudra.node.cdi.GpuDeviceEdits;
import dev.gpudra.nvml.GpuInfo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A whole GPU's device edits as nvcdi makes them: {@code /dev/nvidia<minor>}, then its DRM nodes
 * ({@code /dev/dri/card*}, {@code /dev/dri/renderD*}, from {@code
 * <sys>/bus/pci/devices/<busId>/drm}) where the node has them, and a {@code create-symlinks} hook
 * for the {@code /dev/dri/by-path/pci-<busId>-card|render} links the host has to them.
 *
 * @param nodes where device nodes are found
 * @param root the driver root (its dev root holds the by-path links)
 * @param sysRoot sysfs, or empty for simulated GPUs (no DRM nodes)
 * @param hookPath the host path of {@code nvidia-cdi-hook}
 */
public record GpuNodeEdits(
    DeviceNodeLocator nodes, DriverRoot root, Optional<Path> sysRoot, String hookPath)
    implements GpuDeviceEdits {
  public GpuNodeEdits {
    Objects.requireNonNull(nodes, "nodes");
    Objects.requireNonNull(root, "root");
    Objects.requireNonNull(sysRoot, "sysRoot");
    Objects.requireNonNull(hookPath, "hookPath");
  }

  @Override
  public ContainerEdits of(GpuInfo gpu) {
    String path = "/dev/nvidia" + gpu.minor();
    List<DeviceNode> found = new ArrayList<>();
    found.add(
        nodes
            .locate(path)
            .orElseThrow(() ->
                new CdiException(
                    "device node "
                        + path
                        + " of GPU "
                        + gpu.uuid()
                        + " is not on this node (not a character device under the driver's"
                        + " dev root "
                        + root.devRoot()
                        + ": the driver root when it has a dev directory, else /)")));
    List<String> drm = drmNames(gpu.pciBusId());
    drm.stream()
        .map(n -> nodes.locate("/dev/dri/" + n))
        .flatMap(Optional::stream)
        .forEach(found::add);
    List<Hook> hooks = byPathHook(gpu.pciBusId(), found).map(List::of).orElse(List.of());
    return new ContainerEdits(List.of(), found, List.of(), hooks);
  }

  /** {@code card*} then {@code renderD*} under the GPU's sysfs {@code drm} directory. */
  private List<String> drmNames(String busId) {
    if (sysRoot.isEmpty()) {
      return List.of();
    }
    Path drm = sysRoot.get().resolve("bus/pci/devices").resolve(busId).resolve("drm");
    if (!Files.isDirectory(drm)) {
      return List.of();
    }
    try (Stream<Path> entries = Files.list(drm)) {
      List<String> names = entries.map(p -> p.getFileName().toString()).toList();
      return Stream.concat(
              names.stream().filter(n -> n.startsWith("card")).sorted(),
              names.stream().filter(n -> n.startsWith("renderD")).sorted())
          .toList();
    } catch (IOException e) {
      throw new CdiException("cannot list " + drm, e);
    }
  }

  /** The host's by-path links to the GPU's DRM nodes, made in the container by the hook. */
  private Optional<Hook> byPathHook(String busId, List<DeviceNode> found) {
    Path devRoot = root.devRoot();
    List<String> args = new ArrayList<>();
    for (String kind : List.of("card", "render")) {
      Path link = devRoot.resolve("dev/dri/by-path/pci-" + busId + "-" + kind);
      if (!Files.isSymbolicLink(link)) {
        continue;
      }
      try {
        Path target = Files.readSymbolicLink(link);
        Path resolved = link.getParent().resolve(target).normalize();
        String containerPath = "/" + devRoot.relativize(resolved);
        if (found.stream().anyMatch(n -> n.path().equals(containerPath))) {
          args.addAll(List.of("--link", target + "::" + link));
        }
      } catch (IOException e) {
        throw new CdiException("cannot read " + link, e);
      }
    }
    return args.isEmpty()
        ? Optional.empty()
        : Optional.of(CdiHooks.hook(hookPath, "create-symlinks", args));
  }
}
