package dev.gpudra.demo;

import dev.gpudra.gpu.cdi.ClaimSpecBuilder;
import dev.gpudra.kit.cdi.CdiDevice;
import dev.gpudra.kit.cdi.CdiSpec;
import dev.gpudra.kit.cdi.CdiSpecWriter;
import dev.gpudra.kit.cdi.ContainerEdits;
import dev.gpudra.kit.cdi.DeviceNode;
import dev.gpudra.kit.metadata.MetadataPaths;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * What a CDI runtime gives a container for a list of CDI device IDs: it reads every spec file in
 * the CDI root, YAML or JSON (as containerd and CRI-O do), finds each device, and applies the
 * spec-level and device-level edits.
 *
 * @param deviceNodes the device nodes' paths
 * @param env the environment entries
 * @param deviceMounts the device-level mounts as {@code <container path> <- <host path>} (claim
 *     edits such as an MPS daemon's pipe and shm; the driver's files, spec-level, are left out)
 * @param metadata the lines of the device metadata files mounted below {@link
 *     MetadataPaths#CONTAINER_DIR}, as the container reads them
 */
public record ContainerView(
    Set<String> deviceNodes, Set<String> env, Set<String> deviceMounts, List<String> metadata) {

  public ContainerView {
    metadata = List.copyOf(metadata);
  }

  /** A container that gets no device metadata. */
  public ContainerView(Set<String> deviceNodes, Set<String> env, Set<String> deviceMounts) {
    this(deviceNodes, env, deviceMounts, List.of());
  }

  static ContainerView resolve(Path cdiRoot, List<String> cdiIds) {
    Set<String> nodes = new LinkedHashSet<>();
    Set<String> env = new LinkedHashSet<>();
    Set<String> mounts = new LinkedHashSet<>();
    List<String> metadata = new ArrayList<>();
    List<CdiSpec> specs = specs(cdiRoot);
    for (String id : cdiIds) {
      String kind = id.substring(0, id.indexOf('='));
      String name = id.substring(id.indexOf('=') + 1);
      CdiSpec spec =
          specs.stream()
              .filter(s -> s.kind().equals(kind) && find(s, name) != null)
              .findFirst()
              .orElseThrow(() -> new IllegalStateException("no CDI spec defines " + id));
      apply(spec.containerEdits(), nodes, env);
      ContainerEdits device = find(spec, name).containerEdits();
      apply(device, nodes, env);
      if (device != null) {
        device.mounts().forEach(m -> mounts.add(m.containerPath() + " <- " + m.hostPath()));
        device.mounts().stream()
            .filter(m -> m.containerPath().startsWith(MetadataPaths.CONTAINER_DIR + "/"))
            .forEach(m -> metadata.addAll(read(Path.of(m.hostPath())).lines().toList()));
      }
    }
    return new ContainerView(nodes, env, mounts, metadata);
  }

  private static CdiDevice find(CdiSpec spec, String name) {
    return spec.devices().stream().filter(d -> d.name().equals(name)).findFirst().orElse(null);
  }

  private static void apply(ContainerEdits edits, Set<String> nodes, Set<String> env) {
    if (edits == null) {
      return;
    }
    edits.deviceNodes().stream().map(DeviceNode::path).forEach(nodes::add);
    env.addAll(edits.env());
  }

  private static List<CdiSpec> specs(Path cdiRoot) {
    CdiSpecWriter reader = ClaimSpecBuilder.writer(cdiRoot);
    try (Stream<Path> files = Files.list(cdiRoot)) {
      return files
          .filter(f -> f.toString().endsWith(".yaml") || f.toString().endsWith(".json"))
          .sorted()
          .map(f -> reader.parse(read(f)))
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list CDI specs in " + cdiRoot, e);
    }
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
  }
}
