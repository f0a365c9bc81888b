package dev.gpudra.bench;

import java.util.List;

/**
 * The figures of one {@code bench prepare} run, each with the floor measured in the same run.
 *
 * @param run what ran where
 * @param coldStart the plugin process's milestones
 * @param jvmFloorNanos the floor of a cold start: {@code gpu-dra --version} with the same JVM
 *     options, spawn to exit (median of three)
 * @param latencies prepare and unprepare over the socket, and the floor: the same durable file
 *     writes without the plugin, interleaved with them
 * @param sequential cycles per second from one caller
 * @param concurrent cycles per second from several callers on disjoint devices
 * @param idle the plugin's memory once ready
 * @param held the plugin's memory with the held claims prepared, after a pause
 * @param slices the slice publisher on the largest profile, and its floor
 */
public record BenchReport(
    RunInfo run,
    ColdStart coldStart,
    long jvmFloorNanos,
    PrepareLoop.Latencies latencies,
    Throughput sequential,
    Throughput concurrent,
    MemoryStatus idle,
    MemoryStatus held,
    SlicePublishBench.Result slices) {

  /**
   * @param command the command line that reproduces the run
   * @param profile the profile the child plugin ran
   * @param largest the largest built-in profile, timed for slice publishing
   * @param fileSystem the type of the work directory's file system
   * @param childOptions the child JVM's options
   */
  public record RunInfo(
      String command,
      BenchSettings settings,
      BenchProfile profile,
      BenchProfile largest,
      Machine machine,
      String fileSystem,
      List<String> childOptions) {}
}
