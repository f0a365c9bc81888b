package dev.gpudra.bench;

import java.nio.file.Path;
import java.util.List;

/**
 * The floor of a cold start: {@code gpu-dra --version} in a child JVM with the same options and
 * classpath as the plugin, from spawn to exit. What a plugin start costs beyond it is its own.
 */
public final class JvmStartFloor {
  private static final long EXIT_SECONDS = 60;

  private JvmStartFloor() {}

  /**
   * The median of {@code runs} runs, in nanoseconds.
   *
   * @param log where the runs' output goes
   */
  public static long median(ChildJvm jvm, Path log, int runs) throws InterruptedException {
    long[] samples = new long[runs];
    for (int i = 0; i < runs; i++) {
      PluginProcess version = PluginProcess.spawn(jvm, List.of("--version"), log);
      if (version.waitFor(EXIT_SECONDS) != 0) {
        throw new IllegalStateException("gpu-dra --version failed; see " + log);
      }
      samples[i] = System.nanoTime() - version.spawnedNanos();
    }
    return LatencyStats.of(samples).p50Nanos();
  }
}
