package dev.gpudra.bench;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The figures of one {@code bench prepare} run, each with the floor measured in the same run, and a
 * peer plugin's figures when one ran beside ours.
 *
 * @param run what ran where
 * @param ours our plugin's figures
 * @param peer the peer binary's figures, measured through the same harness, interleaved with ours
 * @param jvmFloorNanos the floor of a cold start: {@code gpu-dra --version} with the same JVM
 *     options, spawn to exit (median of three)
 * @param floor the file writes of a prepare and an unprepare without the plugin, interleaved with
 *     the timed cycles
 * @param heldFloors the same writes with ours' checkpoint as large as at each held level
 * @param slices the slice publisher on the largest profile, and its floor
 */
public record BenchReport(
    RunInfo run,
    PluginFigures ours,
    Optional<PluginFigures> peer,
    long jvmFloorNanos,
    FileWritesFloor.Result floor,
    List<HeldFloor> heldFloors,
    SlicePublishBench.Result slices) {
  public BenchReport {
    Objects.requireNonNull(run, "run");
    Objects.requireNonNull(ours, "ours");
    Objects.requireNonNull(peer, "peer");
    Objects.requireNonNull(floor, "floor");
    heldFloors = List.copyOf(heldFloors);
    Objects.requireNonNull(slices, "slices");
  }

  /** The floor of a prepare with {@code held} claims held. */
  public HeldFloor heldFloor(int held) {
    return heldFloors.stream()
        .filter(h -> h.held() == held)
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no floor with " + held + " held"));
  }

  /**
   * @param held claims held while the floor's writes ran
   * @param floor the writes, sized as ours' files were with that many claims
   */
  public record HeldFloor(int held, FileWritesFloor.Result floor) {}

  /**
   * @param command the command line that reproduces the run
   * @param profile the profile the child plugin ran
   * @param largest the largest built-in profile, timed for slice publishing
   * @param fileSystem the type of the work directory's file system
   * @param childOptions the child JVM's options
   * @param peerCommand the peer's full command line as started, when one ran
   */
  public record RunInfo(
      String command,
      BenchSettings settings,
      BenchProfile profile,
      BenchProfile largest,
      Machine machine,
      String fileSystem,
      List<String> childOptions,
      Optional<List<String>> peerCommand) {}
}
