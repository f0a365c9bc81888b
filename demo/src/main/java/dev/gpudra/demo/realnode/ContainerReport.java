package dev.gpudra.demo.realnode;

import dev.gpudra.kit.metadata.MetadataPaths;
import java.util.List;
import java.util.Objects;

/**
 * What one container saw, parsed from the output of {@link #SCRIPT}: its {@code /dev/nvidia*}
 * device nodes (with the {@code nvidia-caps} capabilities and the {@code nvidia-caps-imex-channels}
 * IMEX channels), its {@code /dev/vfio} nodes (a GPU passed through), its device metadata files and
 * its NVIDIA environment variables.
 *
 * @param deviceNodes {@code /dev/...} paths, in listing order
 * @param environment {@code NVIDIA_*=...} lines
 * @param metadata the lines of the device metadata files below {@link MetadataPaths#CONTAINER_DIR}
 */
public record ContainerReport(
    List<String> deviceNodes, List<String> environment, List<String> metadata) {
  /** Marks the end of the report in the container's output. */
  public static final String DONE = "--gpu-dra-done";

  /** Where a container gets the IMEX channels of its ComputeDomain's channel claim. */
  static final String IMEX_CHANNELS = "/dev/nvidia-caps-imex-channels";

  /** The command each container runs in place of its own: report, then wait to be deleted. */
  public static final String SCRIPT =
      "ls /dev; echo --vfio; ls /dev/vfio 2>/dev/null; echo --caps; ls /dev/nvidia-caps"
          + " 2>/dev/null; echo --imex; ls "
          + IMEX_CHANNELS
          + " 2>/dev/null; echo --metadata; find "
          + MetadataPaths.CONTAINER_DIR
          + " -type f -exec cat {} \\; 2>/dev/null; echo --env; env; echo "
          + DONE
          + "; sleep 3600";

  public ContainerReport {
    deviceNodes = List.copyOf(deviceNodes);
    environment = List.copyOf(environment);
    metadata = List.copyOf(metadata);
  }

  /** A container that read no device metadata. */
  public ContainerReport(List<String> deviceNodes, List<String> environment) {
    this(deviceNodes, environment, List.of());
  }

  /** Parses the container's log lines; null-free, in listing order. */
  public static ContainerReport parse(List<String> log) {
    Objects.requireNonNull(log, "log");
    int vfio = log.indexOf("--vfio");
    int caps = log.indexOf("--caps");
    int imex = log.indexOf("--imex");
    int metadata = log.indexOf("--metadata");
    int env = log.indexOf("--env");
    int done = log.indexOf(DONE);
    if (vfio < 0 || caps < vfio || imex < caps || metadata < imex || env < metadata || done < env) {
      throw new IllegalArgumentException("not a complete report: " + log);
    }
    List<String> nodes =
        java.util.stream.Stream.of(
                log.subList(0, vfio).stream()
                    .filter(f -> f.startsWith("nvidia") && !f.startsWith("nvidia-caps"))
                    .map(f -> "/dev/" + f),
                log.subList(vfio + 1, caps).stream().map(f -> "/dev/vfio/" + f),
                log.subList(caps + 1, imex).stream().map(f -> "/dev/nvidia-caps/" + f),
                log.subList(imex + 1, metadata).stream().map(f -> IMEX_CHANNELS + "/" + f))
            .flatMap(s -> s)
            .toList();
    List<String> nvidiaEnv =
        log.subList(env + 1, done).stream().filter(l -> l.startsWith("NVIDIA_")).sorted().toList();
    return new ContainerReport(nodes, nvidiaEnv, log.subList(metadata + 1, env));
  }
}
