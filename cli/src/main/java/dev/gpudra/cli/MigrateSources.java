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

/**
 * What {@code migrate -f} names, read ({@link ManifestPaths}). A file that cannot be read or parsed
 * is a usage error naming it.
 */
final class MigrateSources {
  static final String STDIN = ManifestPaths.STDIN;

  private final ManifestReader reader = new ManifestReader();
  private final InputStream stdin;

  MigrateSources(InputStream stdin) {
    this.stdin = stdin;
  }

  List<ManifestDocument> read(String filename, boolean recursive) {
    List<ManifestDocument> documents = new ArrayList<>();
    for (String file : ManifestPaths.expand("-f", filename, recursive)) {
      documents.addAll(
          file.equals(STDIN)
              ? parse("<stdin>", readStdin())
              : parse(file, readFile(Path.of(file))));
    }
    return documents;
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
