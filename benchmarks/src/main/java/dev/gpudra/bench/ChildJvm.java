package dev.gpudra.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * How to start a child JVM running the {@code gpu-dra} command line: the same {@code java}, JVM
 * options and classpath as a DaemonSet container would use.
 *
 * @param java the {@code java} executable
 * @param options JVM options (heap, GC, compiler flags), in order
 * @param classpath the image's classpath (the cli jar and its runtime libraries)
 */
public record ChildJvm(Path java, List<String> options, String classpath) {
  static final String MAIN_CLASS = "dev.gpudra.cli.GpuDra";

  public ChildJvm {
    Objects.requireNonNull(java, "java");
    options = List.copyOf(options);
    Objects.requireNonNull(classpath, "classpath");
    if (classpath.isBlank()) {
      throw new IllegalArgumentException("empty classpath");
    }
  }

  /** The command line running {@code gpu-dra <args>}. */
  public List<String> command(List<String> args) {
    List<String> command = new ArrayList<>();
    command.add(java.toString());
    command.addAll(options);
    command.add("-cp");
    command.add(classpath);
    command.add(MAIN_CLASS);
    command.addAll(args);
    return List.copyOf(command);
  }
}
