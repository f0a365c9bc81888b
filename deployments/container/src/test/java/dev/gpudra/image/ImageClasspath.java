package dev.gpudra.image;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The image's classpath as this module's build laid it out ({@code target/libs}, passed in by
 * Failsafe), and the command line that runs the image's entry point on exactly it.
 *
 * @param libs the directory the Dockerfile copies to {@code /opt/gpu-dra/libs}
 * @param mainClass the image's entry point
 */
record ImageClasspath(Path libs, String mainClass) {

  static ImageClasspath fromBuild() {
    return new ImageClasspath(
        Path.of(System.getProperty("gpu-dra.image.libs", "target/libs")),
        System.getProperty("gpu-dra.image.main", "dev.gpudra.cli.GpuDra"));
  }

  /** The jar file names, sorted. */
  List<String> jars() {
    try (Stream<Path> files = Files.list(libs)) {
      return files
          .map(p -> p.getFileName().toString())
          .filter(n -> n.endsWith(".jar"))
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + libs + " (run the package phase first)", e);
    }
  }

  /** {@code java <jvmOptions> -cp <libs>/* <main> <args>}, as the image's entry point runs. */
  List<String> command(List<String> jvmOptions, List<String> args) {
    return Stream.of(
            Stream.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()),
            jvmOptions.stream(),
            Stream.of("-cp", libs.toAbsolutePath() + "/*", mainClass),
            args.stream())
        .flatMap(s -> s)
        .toList();
  }
}
