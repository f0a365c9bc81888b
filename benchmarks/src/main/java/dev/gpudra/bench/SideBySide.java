package dev.gpudra.bench;

import dev.gpudra.kit.ClaimRef;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The timed phases of {@code bench prepare} over one or more started plugins (ours first, then the
 * peer), interleaved so that every plugin and the floor see the machine at the same moments: per
 * claim, each plugin's cycle and then the floor's; throughput runs in turn; held claims grown level
 * by level in all of them before their prepares are timed, again interleaved.
 */
final class SideBySide {
  private static final Duration SETTLE = Duration.ofSeconds(2);

  /** Every plugin's figures, in the subjects' order, and the floors measured beside them. */
  record Result(
      List<PluginFigures> figures,
      FileWritesFloor.Result floor,
      List<BenchReport.HeldFloor> heldFloors) {}

  private record Latencies(List<LatencyStats> prepare, List<LatencyStats> unprepare) {}

  private record Held(List<MemoryStatus> memory, List<List<HeldPrepares>> prepares) {}

  private final List<Subject> subjects;
  private final List<PrepareLoop> loops;
  private final BenchSettings settings;
  private final int deviceCount;
  private final Progress progress;

  SideBySide(List<Subject> subjects, BenchSettings settings, int deviceCount, Progress progress) {
    this.subjects = List.copyOf(subjects);
    this.loops = this.subjects.stream().map(Subject::loop).toList();
    this.settings = Objects.requireNonNull(settings, "settings");
    this.deviceCount = deviceCount;
    this.progress = Objects.requireNonNull(progress, "progress");
  }

  Result run(Path floorDir) throws InterruptedException {
    FileWritesFloor floor = new FileWritesFloor(floorDir, sizesWithOneMore());
    progress.step(
        "latency: %d warm-up cycles, %d timed, each plugin's then the floor's writes",
        settings.warmup(), settings.claims());
    FileWritesFloor.Cycle[] floorCycles = new FileWritesFloor.Cycle[settings.claims()];
    Latencies latencies = latencies(floor, floorCycles);
    progress.step(
        "throughput: 1 caller, then %d, %d s each per plugin",
        callers(), settings.duration().toSeconds());
    List<ThroughputRun> sequential = throughput(1);
    List<ThroughputRun> concurrent = throughput(callers());
    List<BenchReport.HeldFloor> heldFloors = new ArrayList<>();
    Held held = held(floorDir, heldFloors);
    List<PluginFigures> figures = new ArrayList<>();
    for (int j = 0; j < subjects.size(); j++) {
      Subject subject = subjects.get(j);
      figures.add(
          new PluginFigures(
              subject.coldStart(),
              latencies.prepare().get(j),
              latencies.unprepare().get(j),
              sequential.get(j),
              concurrent.get(j),
              subject.idle(),
              held.memory().get(j),
              held.prepares().get(j)));
    }
    return new Result(figures, floor.summarize(floorCycles), heldFloors);
  }

  private int callers() {
    return Math.min(settings.callers(), deviceCount);
  }

  /**
   * The sizes of ours' files with one more claim prepared than are held now, read between a prepare
   * and an unprepare of the first timed claim in every plugin.
   */
  private FileSizes sizesWithOneMore() {
    for (int j = 0; j < subjects.size(); j++) {
      loops.get(j).prepare(subjects.get(j).timed().getFirst());
    }
    FileSizes sizes = FileSizes.of(subjects.getFirst().layout());
    for (int j = 0; j < subjects.size(); j++) {
      loops.get(j).unprepare(subjects.get(j).timed().getFirst());
    }
    return sizes;
  }

  private Latencies latencies(FileWritesFloor floor, FileWritesFloor.Cycle[] floorCycles) {
    int claims = settings.claims();
    for (int i = 0; i < settings.warmup(); i++) {
      for (int j = 0; j < subjects.size(); j++) {
        ClaimRef claim = subjects.get(j).timed().get(i % claims);
        loops.get(j).prepare(claim);
        loops.get(j).unprepare(claim);
      }
      floor.cycle();
    }
    long[][] prepares = new long[subjects.size()][claims];
    long[][] unprepares = new long[subjects.size()][claims];
    for (int i = 0; i < claims; i++) {
      for (int j = 0; j < subjects.size(); j++) {
        ClaimRef claim = subjects.get(j).timed().get(i);
        prepares[j][i] = loops.get(j).timePrepare(claim);
        unprepares[j][i] = loops.get(j).timeUnprepare(claim);
      }
      floorCycles[i] = floor.cycle();
    }
    return new Latencies(stats(prepares), stats(unprepares));
  }

  private List<ThroughputRun> throughput(int callers) throws InterruptedException {
    List<ThroughputRun> runs = new ArrayList<>();
    for (int j = 0; j < subjects.size(); j++) {
      Subject subject = subjects.get(j);
      CpuTime before = subject.cpu();
      Throughput cycles =
          loops.get(j).cycles(subject.timed(), deviceCount, callers, settings.duration());
      runs.add(new ThroughputRun(cycles, subject.cpu().since(before)));
    }
    return runs;
  }

  /**
   * Grows the held admin-access claims level by level in every plugin; reads memory at the memory
   * figure's level after a pause; at each level times prepares of other claims against a floor
   * whose checkpoint is sized as ours is then.
   */
  private Held held(Path floorDir, List<BenchReport.HeldFloor> heldFloors)
      throws InterruptedException {
    List<MemoryStatus> memory = new ArrayList<>();
    List<List<HeldPrepares>> prepares = new ArrayList<>();
    subjects.forEach(s -> prepares.add(new ArrayList<>()));
    int prepared = 0;
    for (int level : settings.heldLevels()) {
      progress.step("holding %d admin-access claims on %d devices", level, deviceCount);
      for (int j = 0; j < subjects.size(); j++) {
        subjects.get(j).admin().subList(prepared, level).forEach(loops.get(j)::prepare);
      }
      prepared = level;
      if (level == settings.heldClaims()) {
        Thread.sleep(SETTLE.toMillis());
        subjects.forEach(s -> memory.add(s.memory()));
      }
      FileWritesFloor floor = new FileWritesFloor(floorDir, sizesWithOneMore());
      progress.step("latency: %d prepares timed with %d held", settings.heldSamples(), level);
      long[][] samples = new long[subjects.size()][settings.heldSamples()];
      FileWritesFloor.Cycle[] floorCycles = new FileWritesFloor.Cycle[settings.heldSamples()];
      for (int i = 0; i < settings.heldSamples(); i++) {
        for (int j = 0; j < subjects.size(); j++) {
          ClaimRef claim = subjects.get(j).timed().get(i);
          samples[j][i] = loops.get(j).timePrepare(claim);
          loops.get(j).unprepare(claim);
        }
        floorCycles[i] = floor.cycle();
      }
      List<LatencyStats> stats = stats(samples);
      for (int j = 0; j < subjects.size(); j++) {
        prepares.get(j).add(new HeldPrepares(level, stats.get(j)));
      }
      heldFloors.add(new BenchReport.HeldFloor(level, floor.summarize(floorCycles)));
    }
    return new Held(memory, prepares);
  }

  private static List<LatencyStats> stats(long[][] samples) {
    List<LatencyStats> stats = new ArrayList<>();
    for (long[] row : samples) {
      stats.add(LatencyStats.of(row));
    }
    return stats;
  }
}
