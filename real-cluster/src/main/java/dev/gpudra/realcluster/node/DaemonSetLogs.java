package dev.gpudra.realcluster.node;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * What one container of a DaemonSet's pods logged on the real node, read from the kubelet's pod log
 * files, over every pod the DaemonSet ran there: a deleted pod's lines stay once read.
 */
final class DaemonSetLogs {
  private final Path podLogs;
  private final String podPrefix;
  private final String container;
  private final Map<Path, List<String>> read = new LinkedHashMap<>();

  /**
   * @param podLogs the kubelet's pod log directory
   * @param namespace the DaemonSet's namespace
   * @param daemonSet its name (its pods' names start with it)
   * @param container the container whose output is read
   */
  DaemonSetLogs(Path podLogs, String namespace, String daemonSet, String container) {
    this.podLogs = podLogs;
    this.podPrefix = namespace + "_" + daemonSet + "-";
    this.container = container;
  }

  /** Everything the container logged so far, oldest pod first. */
  synchronized String text() {
    for (Path file : files()) {
      try {
        read.put(
            file, Files.readAllLines(file).stream().map(ContainerLogs::withoutCriPrefix).toList());
      } catch (IOException e) {
        // the kubelet removed a deleted pod's logs: keep what was read before
      }
    }
    return read.values().stream().flatMap(List::stream).collect(Collectors.joining("\n"));
  }

  /** How many times {@code text} occurs in {@link #text()}. */
  int count(String text) {
    return text().split(Pattern.quote(text), -1).length - 1;
  }

  /** How many lines of {@link #text()} match {@code line} as a whole. */
  long lines(Pattern line) {
    return text().lines().filter(l -> line.matcher(l).matches()).count();
  }

  /** The last {@code count} lines of {@link #text()}, for a failure message. */
  List<String> tail(int count) {
    List<String> lines = text().lines().toList();
    return lines.subList(Math.max(0, lines.size() - count), lines.size());
  }

  private List<Path> files() {
    try (Stream<Path> files = Files.walk(podLogs, 3)) {
      return files
          .filter(f -> f.getFileName().toString().endsWith(".log"))
          .filter(f -> f.getParent().getParent().getFileName().toString().startsWith(podPrefix))
          .filter(f -> f.getParent().getFileName().toString().equals(container))
          .sorted((a, b) -> Long.compare(modified(a), modified(b)))
          .toList();
    } catch (IOException | UncheckedIOException e) {
      return List.copyOf(read.keySet());
    }
  }

  private static long modified(Path file) {
    try {
      return Files.getLastModifiedTime(file).toMillis();
    } catch (IOException e) {
      return Long.MAX_VALUE;
    }
  }
}
