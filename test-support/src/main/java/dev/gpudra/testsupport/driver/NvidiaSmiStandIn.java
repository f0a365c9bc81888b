package dev.gpudra.testsupport.driver;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Objects;

/**
 * A stand-in for the driver's {@code nvidia-smi} (test only, never shipped), written into a fake
 * driver root so that a container's {@code nvidia-smi -L} lists the GPUs it was given, as NVIDIA's
 * end-to-end tests read them: one line {@code GPU <i>: <name> (UUID: <uuid>)} per GPU whose {@code
 * /dev/nvidia<minor>} the container has, numbered from 0 in minor order, the same for every
 * container that shares it. Without {@code -L} it prints {@link #BANNER}. The node's GPUs are
 * written into the script, as the driver knows its GPUs.
 */
public final class NvidiaSmiStandIn {
  /** What it prints without {@code -L}. */
  public static final String BANNER = "nvidia-smi from the test driver root";

  /**
   * One of the node's GPUs.
   *
   * @param minor its {@code /dev/nvidia<minor>}
   * @param name its product name, e.g. {@code NVIDIA H100 80GB HBM3}
   * @param uuid its {@code GPU-...} UUID
   */
  public record Gpu(int minor, String name, String uuid) {
    public Gpu {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(uuid, "uuid");
      if (!name.matches("[A-Za-z0-9 .-]+") || !uuid.matches("GPU-[0-9a-f-]+")) {
        throw new IllegalArgumentException("not a GPU a script may print: " + name + " " + uuid);
      }
    }
  }

  private NvidiaSmiStandIn() {}

  /**
   * Writes {@code <driverRoot>/usr/bin/nvidia-smi}, executable.
   *
   * @param gpus the node's GPUs, in any order
   */
  public static Path install(Path driverRoot, List<Gpu> gpus) {
    StringBuilder script =
        new StringBuilder(
            """
            #!/bin/sh
            # gpu-dra's test stand-in for nvidia-smi (never shipped): "-L" lists the GPUs whose
            # device nodes this container has, as NVIDIA's; otherwise a banner.
            if [ "$1" != "-L" ]; then
              echo "%s"
              exit 0
            fi
            i=0
            """
                .formatted(BANNER));
    gpus.stream()
        .sorted(java.util.Comparator.comparingInt(Gpu::minor))
        .forEach(g ->
            script.append(
                """
                if [ -e /dev/nvidia%d ]; then
                  echo "GPU $i: %s (UUID: %s)"
                  i=$((i + 1))
                fi
                """
                    .formatted(g.minor(), g.name(), g.uuid())));
    Path target = driverRoot.resolve("usr/bin/nvidia-smi");
    try {
      Files.createDirectories(target.getParent());
      Files.writeString(target, script);
      Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rwxr-xr-x"));
      return target;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the nvidia-smi stand-in " + target, e);
    }
  }
}
