package dev.gpudra.bench;

import dev.gpudra.kit.files.AtomicFile;
import dev.gpudra.kit.files.DurableFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Objects;

/**
 * The file-system floor of a prepare and an unprepare: the file writes the plugin does, through the
 * plugin's own {@link AtomicFile} (temp file, write, rename; no fsync since issue 16: a reboot
 * voids both files), and nothing else. A prepare checkpoints PrepareStarted, writes the claim's CDI
 * spec and checkpoints PrepareCompleted; an unprepare deletes the spec and rewrites the checkpoint.
 */
final class FileWritesFloor {
  /**
   * The floor per prepare and per unprepare, and how many prepare+unprepare cycles per second the
   * writes alone allow (cycles over the summed time of their writes).
   */
  record Result(FileSizes sizes, LatencyStats prepare, LatencyStats unprepare, Throughput cycles) {}

  /** One cycle's prepare writes, and the whole cycle, in nanoseconds. */
  record Cycle(long prepareNanos, long cycleNanos) {}

  private final FileSizes sizes;
  private final byte[] checkpoint;
  private final byte[] spec;
  private final Path checkpointFile;
  private final Path specFile;

  /**
   * @param dir a scratch directory on the file system the plugin writes to
   * @param sizes the plugin's checkpoint and CDI spec sizes, measured on its files
   */
  FileWritesFloor(Path dir, FileSizes sizes) {
    this.sizes = Objects.requireNonNull(sizes, "sizes");
    this.checkpoint = filler(sizes.checkpointBytes());
    this.spec = filler(sizes.cdiSpecBytes());
    this.checkpointFile = dir.resolve("checkpoint.json");
    this.specFile = dir.resolve("cdi").resolve("k8s.gpu.nvidia.com-claim_floor.yaml");
    try {
      Files.createDirectories(specFile.getParent());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create " + specFile.getParent(), e);
    }
  }

  /** One prepare and one unprepare worth of writes. */
  Cycle cycle() {
    try {
      long started = System.nanoTime();
      AtomicFile.replace(checkpointFile, checkpoint, DurableFile.PRIVATE);
      AtomicFile.replace(specFile, spec, DurableFile.WORLD_READABLE);
      AtomicFile.replace(checkpointFile, checkpoint, DurableFile.PRIVATE);
      long prepared = System.nanoTime();
      AtomicFile.delete(specFile);
      AtomicFile.replace(checkpointFile, checkpoint, DurableFile.PRIVATE);
      return new Cycle(prepared - started, System.nanoTime() - started);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "floor writes in " + checkpointFile.getParent() + " failed", e);
    }
  }

  /** Summarizes measured cycles. */
  Result summarize(Cycle[] cycles) {
    long[] prepares = Arrays.stream(cycles).mapToLong(Cycle::prepareNanos).toArray();
    long[] unprepares =
        Arrays.stream(cycles).mapToLong(c -> c.cycleNanos() - c.prepareNanos()).toArray();
    long total = Arrays.stream(cycles).mapToLong(Cycle::cycleNanos).sum();
    return new Result(
        sizes,
        LatencyStats.of(prepares),
        LatencyStats.of(unprepares),
        new Throughput(cycles.length, total));
  }

  private static byte[] filler(int size) {
    byte[] bytes = new byte[size];
    Arrays.fill(bytes, (byte) 'x');
    return bytes;
  }
}
