package dev.gpudra.bench;

import dev.gpudra.gpu.checkpoint.DurableFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Objects;

/**
 * The file-system floor of a prepare and an unprepare: the durable writes the plugin does, through
 * the plugin's own {@link DurableFile} (temp file, fsync, rename, fsync the directory), without
 * anything else. A prepare checkpoints PrepareStarted, writes the claim's CDI spec, checkpoints
 * PrepareCompleted; an unprepare deletes the spec and rewrites the checkpoint.
 */
final class DurableWritesFloor {
  /** The floor per prepare, and prepare+unprepare cycles per second, for files of these sizes. */
  record Result(FileSizes sizes, LatencyStats prepare, Throughput cycles) {}

  private final Path dir;

  DurableWritesFloor(Path dir) {
    this.dir = Objects.requireNonNull(dir, "dir");
  }

  /**
   * @param sizes the plugin's checkpoint and CDI spec sizes, measured on its files
   * @param warmup cycles run first and not counted
   * @param cycles cycles measured
   */
  Result measure(FileSizes sizes, int warmup, int cycles) {
    byte[] checkpoint = filler(sizes.checkpointBytes());
    byte[] spec = filler(sizes.cdiSpecBytes());
    Path checkpointFile = dir.resolve("checkpoint.json");
    Path specFile = dir.resolve("cdi").resolve("k8s.gpu.nvidia.com-claim_floor.yaml");
    try {
      Files.createDirectories(specFile.getParent());
      for (int i = 0; i < warmup; i++) {
        cycle(checkpointFile, checkpoint, specFile, spec);
      }
      long[] prepares = new long[cycles];
      long started = System.nanoTime();
      for (int i = 0; i < cycles; i++) {
        prepares[i] = cycle(checkpointFile, checkpoint, specFile, spec);
      }
      long elapsed = System.nanoTime() - started;
      return new Result(sizes, LatencyStats.of(prepares), new Throughput(cycles, elapsed));
    } catch (IOException e) {
      throw new UncheckedIOException("floor writes in " + dir + " failed", e);
    }
  }

  /** One prepare and one unprepare worth of writes; the prepare's part in nanoseconds. */
  private static long cycle(Path checkpointFile, byte[] checkpoint, Path specFile, byte[] spec)
      throws IOException {
    long started = System.nanoTime();
    DurableFile.replace(checkpointFile, checkpoint);
    DurableFile.replace(specFile, spec);
    DurableFile.replace(checkpointFile, checkpoint);
    long prepared = System.nanoTime() - started;
    DurableFile.delete(specFile);
    DurableFile.replace(checkpointFile, checkpoint);
    return prepared;
  }

  private static byte[] filler(int size) {
    byte[] bytes = new byte[size];
    Arrays.fill(bytes, (byte) 'x');
    return bytes;
  }
}
