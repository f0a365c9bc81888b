package dev.gpudra.realcluster.node;

import io.fabric8.kubernetes.api.model.Pod;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The kubelet's container log files of a node ({@code <pod logs>/<ns>_<pod>_<uid>/<ctr>/<n>.log}).
 *
 * @param layout the node's directories
 */
record ContainerLogs(NodeLayout layout) {

  /**
   * What a container wrote in its first run, without the CRI timestamp and stream prefix; empty
   * when there is no such file (yet).
   */
  Optional<List<String>> firstRun(Pod pod, String container) {
    Path file =
        layout
            .podLogs()
            .resolve(
                pod.getMetadata().getNamespace()
                    + "_"
                    + pod.getMetadata().getName()
                    + "_"
                    + pod.getMetadata().getUid())
            .resolve(container)
            .resolve("0.log");
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    try {
      return Optional.of(
          Files.readAllLines(file).stream().map(ContainerLogs::withoutCriPrefix).toList());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
  }

  /** {@code 2026-11-23T19:26:30.72Z stdout F text} -> {@code text}. */
  static String withoutCriPrefix(String line) {
    String[] parts = line.split(" ", 4);
    return parts.length == 4 ? parts[3] : line;
  }
}
