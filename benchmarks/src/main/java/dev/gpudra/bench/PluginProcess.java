package dev.gpudra.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A {@code gpu-dra} child process: started with its output going to a log file (so a full pipe
 * never stalls it), stopped with SIGTERM as the kubelet's container runtime does.
 */
public final class PluginProcess implements AutoCloseable {
  private static final long STOP_SECONDS = 10;

  private final Process process;
  private final long spawnedNanos;

  private PluginProcess(Process process, long spawnedNanos) {
    this.process = process;
    this.spawnedNanos = spawnedNanos;
  }

  /** Starts {@code gpu-dra <args>}; the spawn time is taken just before the fork. */
  public static PluginProcess spawn(ChildJvm jvm, List<String> args, Path log) {
    return spawn(jvm.command(args), Map.of(), log);
  }

  /**
   * Starts {@code command} with {@code environment} added to this process's; the spawn time is
   * taken just before the fork.
   */
  public static PluginProcess spawn(
      List<String> command, Map<String, String> environment, Path log) {
    ProcessBuilder builder =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
    builder.environment().putAll(environment);
    long spawned = System.nanoTime();
    try {
      return new PluginProcess(builder.start(), spawned);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start " + command.getFirst(), e);
    }
  }

  public long spawnedNanos() {
    return spawnedNanos;
  }

  public long pid() {
    return process.pid();
  }

  public boolean isAlive() {
    return process.isAlive();
  }

  public MemoryStatus memory() {
    return MemoryStatus.of(process.pid());
  }

  public CpuTime cpu() {
    return CpuTime.of(process.pid());
  }

  /** Waits for the process to exit by itself; the exit code. */
  public int waitFor(long seconds) throws InterruptedException {
    if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new IllegalStateException("child process did not exit within " + seconds + " s");
    }
    return process.exitValue();
  }

  @Override
  public void close() {
    process.destroy();
    try {
      if (!process.waitFor(STOP_SECONDS, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(STOP_SECONDS, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    }
  }
}
