package dev.gpudra.gpu.mps;

import dev.gpudra.kit.mount.MountException;
import dev.gpudra.kit.mount.Tmpfs;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * {@code <plugins>/gpu.nvidia.com/mps/<id>/{pipe,shm,log}} of each daemon, the shm directory a
 * tmpfs of half the node's memory (NVIDIA's size; 65536k when {@code /proc/meminfo} says nothing).
 */
public final class MpsDirectories {
  private static final org.slf4j.Logger log =
      org.slf4j.LoggerFactory.getLogger(MpsDirectories.class);
  static final long FALLBACK_SHM_KIB = 65536;

  private final Path root;
  private final Tmpfs mounter;
  private final Path meminfo;

  /**
   * @param root {@code <plugins>/gpu.nvidia.com/mps}, the same path on the host
   */
  public MpsDirectories(Path root, Tmpfs mounter, Path meminfo) {
    this.root = Objects.requireNonNull(root, "root");
    this.mounter = Objects.requireNonNull(mounter, "mounter");
    this.meminfo = Objects.requireNonNull(meminfo, "meminfo");
  }

  public Path dir(String id) {
    return root.resolve(id);
  }

  public Path pipe(String id) {
    return dir(id).resolve("pipe");
  }

  public Path shm(String id) {
    return dir(id).resolve("shm");
  }

  public Path log(String id) {
    return dir(id).resolve("log");
  }

  /** The daemons whose directories exist. */
  public List<String> ids() {
    if (!Files.isDirectory(root)) {
      return List.of();
    }
    try (Stream<Path> dirs = Files.list(root)) {
      return dirs.filter(Files::isDirectory).map(p -> p.getFileName().toString()).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + root, e);
    }
  }

  /** Creates the directories and mounts the shm tmpfs, unless an earlier attempt did. */
  public void create(String id) {
    try {
      for (Path dir : List.of(pipe(id), shm(id), log(id))) {
        Files.createDirectories(dir);
      }
    } catch (IOException e) {
      throw new MpsException("cannot create the directories of MPS daemon " + id + ": " + e, e);
    }
    try {
      if (!mounter.mounted(shm(id))) {
        mounter.mount(shm(id), shmKiB());
      }
    } catch (MountException e) {
      throw new MpsException("MPS daemon " + id + ": " + e.getMessage(), e);
    }
  }

  /** Unmounts the tmpfs and removes the directories; gone already is fine. */
  public void remove(String id) {
    Path dir = dir(id);
    if (!Files.exists(dir)) {
      return;
    }
    try {
      mounter.unmount(shm(id));
    } catch (MountException e) {
      throw new MpsException("MPS daemon " + id + ": " + e.getMessage(), e);
    }
    try (Stream<Path> tree = Files.walk(dir)) {
      for (Path path : tree.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    } catch (IOException e) {
      throw new MpsException("cannot remove " + dir + ": " + e, e);
    }
  }

  /** Half of MemTotal, in KiB. */
  long shmKiB() {
    try (Stream<String> lines = Files.lines(meminfo)) {
      return lines
          .filter(l -> l.startsWith("MemTotal:"))
          .map(l -> l.replaceAll("[^0-9]", ""))
          .filter(digits -> !digits.isEmpty())
          .map(digits -> Long.parseLong(digits) / 2)
          .filter(kib -> kib > 0)
          .findFirst()
          .orElse(FALLBACK_SHM_KIB);
    } catch (IOException | UncheckedIOException e) {
      log.warn(
          "cannot read {} ({}): MPS shm tmpfs of {}k, as NVIDIA's", meminfo, e, FALLBACK_SHM_KIB);
      return FALLBACK_SHM_KIB;
    }
  }
}
