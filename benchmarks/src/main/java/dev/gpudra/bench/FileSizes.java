package dev.gpudra.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * The sizes of what one prepared claim leaves on disk: the checkpoint and its CDI spec.
 *
 * @param checkpointBytes the checkpoint with one completed claim
 * @param cdiSpecBytes the claim's CDI spec
 */
record FileSizes(int checkpointBytes, int cdiSpecBytes) {
  FileSizes {
    if (checkpointBytes <= 0 || cdiSpecBytes <= 0) {
      throw new IllegalArgumentException("sizes must be positive");
    }
  }

  /** Reads the sizes while exactly one claim is prepared. */
  static FileSizes of(PluginLayout layout) {
    try (Stream<Path> specs = Files.list(layout.cdiRoot())) {
      Path spec =
          specs
              .filter(p -> p.getFileName().toString().endsWith(".yaml"))
              .findFirst()
              .orElseThrow(() -> new IllegalStateException("no CDI spec in " + layout.cdiRoot()));
      return new FileSizes(
          (int) Files.size(layout.dataDir().resolve("checkpoint.json")), (int) Files.size(spec));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the plugin's file sizes", e);
    }
  }
}
