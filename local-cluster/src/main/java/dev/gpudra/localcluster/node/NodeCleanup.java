package dev.gpudra.localcluster.node;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What is left of a stopped node goes: shims still serving our containerd's socket, mounts under
 * the base directory, the pod bridge, then the directory itself.
 *
 * @param layout the node's directories
 * @param tools its programs
 */
record NodeCleanup(NodeLayout layout, NodeTools tools) {
  private static final Logger log = LoggerFactory.getLogger(NodeCleanup.class);

  void run() {
    killShims();
    List<String> left = Mounts.unmountAll(layout.base());
    if (!left.isEmpty()) {
      log.warn("still mounted after clean-up, {} kept: {}", layout.base(), left);
      return;
    }
    if (Files.exists(Path.of("/sys/class/net", CniConfig.BRIDGE))) {
      Processes.tryRun(List.of("ip", "link", "delete", CniConfig.BRIDGE));
    }
    deleteTree(layout.base());
  }

  /**
   * containerd-shim-runc-v2 processes started for our containerd (their command names its socket).
   */
  private void killShims() {
    String socket = layout.containerdSocket().toString();
    ProcessHandle.allProcesses()
        .filter(
            p -> p.info().command().map(c -> c.endsWith("containerd-shim-runc-v2")).orElse(false))
        .filter(p -> commandLine(p.pid()).contains(socket))
        .forEach(p -> {
          log.info("killing shim {} left by the node", p.pid());
          p.destroyForcibly();
        });
  }

  private static String commandLine(long pid) {
    try {
      return new String(
          Files.readAllBytes(Path.of("/proc", Long.toString(pid), "cmdline")),
          StandardCharsets.UTF_8);
    } catch (IOException e) {
      return "";
    }
  }

  private static void deleteTree(Path dir) {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot remove " + dir, e);
    }
  }
}
