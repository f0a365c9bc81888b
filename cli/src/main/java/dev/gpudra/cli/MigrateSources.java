package dev.gpudra.cli;

import dev.gpudra.migrate.manifest.InvalidManifestException;
import dev.gpudra.migrate.manifest.ManifestDocument;
import dev.gpudra.migrate.manifest.ManifestReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * What {@code migrate -f} names, read: {@code -} standard input, a file, or every {@code .yaml},
 * {@code .yml} and {@code .json} file directly in a directory, by name. A file that cannot be read
 * or parsed is a usage error naming it.
 */
final class MigrateSources {
  static final String STDIN = "-";

  private final ManifestReader reader = new ManifestReader();
  private final InputStream stdin;

  MigrateSources(InputStream stdin) {
    this.stdin = stdin;
  }

  List<ManifestDocument> read(String filename) {
    if (filename.equals(STDIN)) {
      return parse("<stdin>", readStdin());
    }
    Path path = Path.of(filename);
    if (!Files.isDirectory(path)) {
      return parse(filename, readFile(path));
    }
    List<ManifestDocument> documents = new ArrayList<>();
    for (Path file : manifests(path)) {
      documents.addAll(parse(file.toString(), readFile(file)));
    }
    return documents;
  }

  private static List<Path> manifests(Path dir) {
    try (Stream<Path> files = Files.list(dir)) {
      List<Path> manifests =
          files
              .filter(f -> f.getFileName().toString().matches(".*\\.(ya?ml|json)$"))
              .filter(Files::isRegularFile)
              .sorted()
              .toList();
      if (manifests.isEmpty()) {
        throw new InvalidArgumentsException("-f " + dir + ": no .yaml, .yml or .json file in it");
      }
      return manifests;
    } catch (IOException e) {
      throw new InvalidArgumentsException(
          "-f " + dir + ": cannot list: " + OneLineErrors.reason(e));
    }
  }

  private List<ManifestDocument> parse(String source, String text) {
    try {
      return reader.read(source, text);
    } catch (InvalidManifestException e) {
      throw new InvalidArgumentsException(e.getMessage());
    }
  }

  private String readStdin() {
    try {
      return new String(stdin.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new InvalidArgumentsException(
          "-f -: cannot read standard input: " + OneLineErrors.reason(e));
    }
  }

  private static String readFile(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new InvalidArgumentsException(
          "-f " + file + ": cannot read: " + OneLineErrors.reason(e));
    }
  }
}
