package dev.gpudra.realcluster.node;

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
 * the base directory, then the directory itself. (The pod bridge is {@link NodeNetwork}'s; stale
 * ones go in {@link StaleNodes}.)
 *
 * @param layout the node's directories
 */
record NodeCleanup(NodeLayout layout) {
  private static final Logger log = LoggerFactory.getLogger(NodeCleanup.class);

  void run() {
    killContainers();
    killShims();
    List<String> left = Mounts.unmountAll(layout.base());
    if (!left.isEmpty()) {
      log.warn("still mounted after clean-up, {} kept: {}", layout.base(), left);
      return;
    }
    deleteTree();
  }

  /** The pod bridge all real nodes on this machine share, once none of them runs. */
  void deleteBridge() {
    if (Files.exists(Path.of("/sys/class/net", NodeNetwork.BRIDGE))) {
      Processes.tryRun(List.of("ip", "link", "delete", NodeNetwork.BRIDGE));
    }
  }

  /**
   * Containers still running in the node's runc state, one runc root per containerd namespace
   * ({@code <runc root>/k8s.io}): what a killed test left.
   */
  void killContainers() {
    Path runc = NodeTools.runcOnThisMachine().orElse(null);
    if (runc == null || !Files.isDirectory(layout.runcRoot())) {
      return;
    }
    try (Stream<Path> namespaces = Files.list(layout.runcRoot())) {
      namespaces.filter(Files::isDirectory).forEach(root -> deleteContainers(runc, root));
    } catch (IOException e) {
      log.warn("cannot list {}: {}", layout.runcRoot(), e.getMessage());
    }
  }

  private static void deleteContainers(Path runc, Path root) {
    List<String> ids;
    try {
      ids =
          Processes.run(List.of(runc.toString(), "--root", root.toString(), "list", "-q"))
              .lines()
              .filter(id -> !id.isBlank())
              .toList();
    } catch (RealNodeStartException e) {
      log.warn("cannot list the containers in {}: {}", root, e.getMessage());
      return;
    }
    ids.forEach(id ->
        Processes.tryRun(
            List.of(runc.toString(), "--root", root.toString(), "delete", "--force", id)));
  }

  /**
   * containerd-shim-runc-v2 processes started for our containerd (their command names its socket).
   */
  void killShims() {
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

  /** The node's base directory, once nothing is mounted under it. */
  void deleteTree() {
    Path dir = layout.base();
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
