package dev.gpudra.conformance;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * A case's node directory (CDI root, kubelet directories, the plugins' logs): short, under the temp
 * directory, since a Unix socket's path holds at most 107 bytes; removed when the case passes, kept
 * with the logs when it fails.
 */
final class NodeDir {
  private NodeDir() {}

  static Path create(String prefix) throws IOException {
    return Files.createTempDirectory(prefix);
  }

  static void delete(Path dir) throws IOException {
    try (Stream<Path> tree = Files.walk(dir)) {
      for (Path p : tree.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
