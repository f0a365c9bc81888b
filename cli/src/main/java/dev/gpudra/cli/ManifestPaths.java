package dev.gpudra.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * What {@code -f} names, as kubectl takes it: {@code -} for standard input, a file, or a directory:
 * every {@code .yaml}, {@code .yml} and {@code .json} file in it, by path; with {@code -R} in its
 * subdirectories too.
 */
final class ManifestPaths {
  static final String STDIN = "-";

  private ManifestPaths() {}

  /**
   * The files {@code filename}, given to {@code flag}, stands for; {@code [-]} for standard input.
   *
   * @throws InvalidArgumentsException a directory without manifests, or one that cannot be listed
   */
  static List<String> expand(String flag, String filename, boolean recursive) {
    if (filename.equals(STDIN)) {
      return List.of(STDIN);
    }
    Path path = Path.of(filename);
    if (!Files.isDirectory(path)) {
      return List.of(filename);
    }
    try (Stream<Path> files = Files.walk(path, recursive ? Integer.MAX_VALUE : 1)) {
      List<String> manifests =
          files
              .filter(f -> f.getFileName().toString().matches(".*\\.(ya?ml|json)$"))
              .filter(Files::isRegularFile)
              .sorted()
              .map(Path::toString)
              .toList();
      if (manifests.isEmpty()) {
        throw new InvalidArgumentsException(
            flag
                + " "
                + path
                + ": no .yaml, .yml or .json file in it"
                + (recursive ? " or below" : " (-R looks in subdirectories)"));
      }
      return manifests;
    } catch (IOException e) {
      throw new InvalidArgumentsException(
          flag + " " + path + ": cannot list: " + OneLineErrors.reason(e));
    }
  }
}
