package dev.gpudra.gpu.state;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** Removes a test's temp directory and everything under it, so fuzz runs leave nothing in /tmp. */
final class TempTrees {
  private TempTrees() {}

  static void delete(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    List<Path> deepestFirst;
    try (Stream<Path> tree = Files.walk(dir)) {
      deepestFirst = tree.sorted(Comparator.reverseOrder()).toList();
    }
    for (Path path : deepestFirst) {
      Files.delete(path);
    }
  }
}
