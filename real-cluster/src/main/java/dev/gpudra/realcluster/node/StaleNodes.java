package dev.gpudra.realcluster.node;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What real nodes of SIGKILLed test JVMs left behind: their directories ({@code gpu-dra-node-*}
 * whose {@link #OWNER} file names a process that no longer runs) with the mounts under them, and,
 * once no node's owner runs any more, the pod bridge and the placeholder device nodes. Their
 * processes have stopped already (the kubelet and containerd watch their parent).
 */
public final class StaleNodes {
  /** The file in a node's base directory naming the JVM that owns the node. */
  public static final String OWNER = "owner.pid";

  static final String PREFIX = "gpu-dra-node-";
  private static final Logger log = LoggerFactory.getLogger(StaleNodes.class);

  private StaleNodes() {}

  /** Marks {@code base} as owned by this JVM. */
  static void claim(Path base) {
    try {
      Files.writeString(base.resolve(OWNER), Long.toString(ProcessHandle.current().pid()));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + base.resolve(OWNER), e);
    }
  }

  /**
   * Sweeps the node directories under {@code parent}; the number removed.
   *
   * @param devDir where placeholders live ({@code /dev})
   */
  public static int sweep(Path parent, Path devDir) {
    List<Path> nodes = nodeDirs(parent);
    int removed = 0;
    for (Path dir : nodes) {
      if (owner(dir).map(StaleNodes::gone).orElse(false)) {
        NodeCleanup cleanup = new NodeCleanup(new NodeLayout(dir));
        cleanup.killContainers();
        cleanup.killShims();
        if (Mounts.unmountAll(dir).isEmpty()) {
          cleanup.deleteTree();
          removed++;
        } else {
          log.warn("stale node directory {} still has mounts; kept", dir);
        }
      }
    }
    if (removed > 0 && nodeDirs(parent).stream().noneMatch(d -> owner(d).isPresent())) {
      new NodeCleanup(new NodeLayout(parent.resolve(PREFIX + "none"))).deleteBridge();
      DevicePlaceholders.removeLeftOver(devDir);
      log.info("removed {} stale real-node directories, the pod bridge and placeholders", removed);
    }
    return removed;
  }

  private static List<Path> nodeDirs(Path parent) {
    try (Stream<Path> dirs = Files.list(parent)) {
      return dirs.filter(d -> d.getFileName().toString().startsWith(PREFIX))
          .filter(Files::isDirectory)
          .toList();
    } catch (IOException e) {
      return List.of();
    }
  }

  private static Optional<Long> owner(Path dir) {
    try {
      return Optional.of(Long.parseLong(Files.readString(dir.resolve(OWNER)).strip()));
    } catch (IOException | NumberFormatException e) {
      return Optional.empty();
    }
  }

  private static boolean gone(long pid) {
    return ProcessHandle.of(pid).map(p -> !p.isAlive()).orElse(true);
  }
}
