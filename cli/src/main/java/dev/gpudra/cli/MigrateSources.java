package dev.gpudra.cli;

import dev.gpudra.migrate.manifest.ManifestPart;
import java.io.InputStream;
import java.util.function.Consumer;

/**
 * What {@code migrate -f} names, read one document (or list item) at a time ({@link
 * ManifestFiles}). A file that cannot be read or parsed is a usage error naming it.
 */
final class MigrateSources {
  private final ManifestFiles files;

  MigrateSources(InputStream stdin) {
    this.files = new ManifestFiles(stdin);
  }

  /** Hands each part to {@code sink} as soon as it is read. */
  void read(String filename, boolean recursive, Consumer<ManifestPart> sink) {
    files.parts("-f", filename, recursive, sink);
  }
}
