package dev.gpudra.e2e;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** {@code gpu-dra} as the image runs it: a process on the image's classpath. */
final class ImageCli {
  private ImageCli() {}

  /** The image's classpath, which Failsafe passes as {@code gpu-dra.image.libs}. */
  static Path libs() {
    return Path.of(System.getProperty("gpu-dra.image.libs", "target/no-image-libs"));
  }

  /** {@code gpu-dra ARGS} as a process, on the classpath {@code libs}. */
  static ProcessBuilder gpuDra(Path libs, String... args) {
    List<String> command =
        new ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                libs.toAbsolutePath() + "/*",
                "dev.gpudra.cli.GpuDra"));
    command.addAll(List.of(args));
    return new ProcessBuilder(command);
  }
}
