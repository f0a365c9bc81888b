package dev.gpudra.bench;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/**
 * The report as a table, one row per figure of issue 16: ours, the floor measured in the same run,
 * ours/floor, the peer and ours/peer when a peer ran, the target and whether ours meets it.
 */
public final class ReportTable {
  /** Issue 16's goals; "flat" is read as: prepare p50 with the many held within 1.2x of none. */
  static final Target START = Target.atMost(800, "ms");

  static final Target RSS_HELD = Target.atMost(58, "MiB");
  static final Target PREPARE_P50 = Target.atMost(1, "ms");
  static final Target PREPARE_P99 = Target.atMost(3, "ms");
  static final Target FLAT = Target.atMost(1.2, "x");
  static final Target CYCLES = Target.atLeast(1000, "/s");

  private final BenchReport report;
  private final Rows rows;

  public ReportTable(BenchReport report) {
    this.report = report;
    this.rows = new Rows(report.ours(), report.peer());
  }

  List<Row> rows() {
    List<Row> all = new ArrayList<>();
    all.addAll(startRows());
    all.addAll(memoryRows());
    all.addAll(latencyRows());
    all.addAll(heldRows());
    all.addAll(throughputRows());
    all.addAll(sliceRows());
    return all;
  }

  private List<Row> startRows() {
    double floor = report.jvmFloorNanos() / 1e6;
    return List.of(
        rows.millis("start -> registered + slices", f -> f.coldStart().readyNanos(), floor, START),
        rows.millis("  registration socket listening", f -> f.coldStart().socketNanos(), floor),
        rows.millis("  all devices in the API", f -> f.coldStart().slicesNanos(), floor),
        rows.millis(
            "  registered (stand-in scans every 100 ms)",
            f -> f.coldStart().registeredNanos(),
            floor));
  }

  private List<Row> memoryRows() {
    int held = report.run().settings().heldClaims();
    int devices = report.run().profile().devices().size();
    return List.of(
        rows.mib("RSS idle (ready, no claim)", f -> f.idle().rssMib(), null),
        rows.mib(
            "RSS, " + held + " claims prepared on " + devices + " devices",
            f -> f.held().rssMib(),
            RSS_HELD),
        rows.mib("  peak RSS (VmHWM)", f -> f.held().peakMib(), null));
  }

  private List<Row> latencyRows() {
    FileWritesFloor.Result floor = report.floor();
    return List.of(
        rows.millis(
            "prepare p50 (1 device, claim GET included)",
            f -> f.prepare().p50Nanos(),
            floor.prepare().p50Millis(),
            PREPARE_P50),
        rows.millis(
            "prepare p99", f -> f.prepare().p99Nanos(), floor.prepare().p99Millis(), PREPARE_P99),
        rows.millis("prepare max", f -> f.prepare().maxNanos(), floor.prepare().maxMillis()),
        rows.millis("unprepare p50", f -> f.unprepare().p50Nanos(), floor.unprepare().p50Millis()));
  }

  /** Prepare p50 at each held level, and the most held against none: "flat". */
  private List<Row> heldRows() {
    List<Row> held = new ArrayList<>();
    List<Integer> levels = report.run().settings().heldLevels();
    for (int level : levels) {
      held.add(
          rows.millis(
              "prepare p50, " + level + " claims held",
              f -> f.preparesWith(level).p50Nanos(),
              report.heldFloor(level).floor().prepare().p50Millis()));
    }
    int most = levels.getLast();
    LatencyStats noneFloor = report.floor().prepare();
    LatencyStats mostFloor = report.heldFloor(most).floor().prepare();
    held.add(
        rows.factor(
            "  " + most + " held / none held (flat)",
            f -> (double) f.preparesWith(most).p50Nanos() / f.prepare().p50Nanos(),
            (double) mostFloor.p50Nanos() / noneFloor.p50Nanos(),
            FLAT));
    return held;
  }

  private List<Row> throughputRows() {
    int callers =
        Math.min(report.run().settings().callers(), report.run().profile().devices().size());
    double floor = report.floor().cycles().perSecond();
    return List.of(
        rows.perSecond(
            "prepare+unprepare, 1 caller", f -> f.sequential().cycles().perSecond(), floor, null),
        rows.perSecond(
            "prepare+unprepare, " + callers + " callers",
            f -> f.concurrent().cycles().perSecond(),
            floor,
            CYCLES),
        rows.cpu("plugin CPU per cycle (both runs)", PluginFigures::cpuMillisPerCycle));
  }

  /** The publisher runs in the bench JVM: ours only. */
  private List<Row> sliceRows() {
    BenchProfile largest = report.run().largest();
    SlicePublishBench.Result slices = report.slices();
    return List.of(
        Rows.bare(
            "slice publish p50, " + largest.name() + " (" + largest.devices().size() + " devices)",
            slices.publish().p50Millis(),
            slices.floor().p50Millis()),
        Rows.bare("  first round", slices.firstNanos() / 1e6, slices.floor().maxMillis()));
  }

  public void print(PrintWriter out) {
    new ReportPrinter(report, rows()).print(out);
  }

  /** A figure for ours, as milliseconds, MiB, a rate: turned into a number by its extractor. */
  interface Figure extends ToDoubleFunction<PluginFigures> {}

  /** Builds rows from ours and the peer, with the same extractor for both. */
  private record Rows(PluginFigures ours, Optional<PluginFigures> peer) {
    Row millis(String figure, Figure nanos, double floorMillis) {
      return millis(figure, nanos, floorMillis, null);
    }

    Row millis(String figure, Figure nanos, double floorMillis, Target target) {
      return row(figure, f -> nanos.applyAsDouble(f) / 1e6, floorMillis, target, Unit.MILLIS);
    }

    Row mib(String figure, Figure mib, Target target) {
      return row(figure, mib, -1, target, Unit.MIB);
    }

    Row perSecond(String figure, Figure rate, double floor, Target target) {
      return row(figure, rate, floor, target, Unit.PER_SECOND);
    }

    Row factor(String figure, Figure factor, double floor, Target target) {
      return row(figure, factor, floor, target, Unit.FACTOR);
    }

    Row cpu(String figure, Figure millis) {
      return row(figure, millis, -1, null, Unit.MILLIS);
    }

    private Row row(String figure, Figure value, double floor, Target target, Unit unit) {
      double measured = value.applyAsDouble(ours);
      Optional<Double> peerValue = peer.map(value::applyAsDouble);
      return new Row(
          figure,
          unit.format(measured),
          floor < 0 ? "" : unit.format(floor),
          floor < 0 || unit == Unit.FACTOR ? "" : Figures.ratio(measured, floor),
          peerValue.map(unit::format).orElse(""),
          peerValue.map(p -> unit == Unit.FACTOR ? "" : Figures.ratio(measured, p)).orElse(""),
          Optional.ofNullable(target),
          measured);
    }

    static Row bare(String figure, double millis, double floorMillis) {
      return new Row(
          figure,
          Unit.MILLIS.format(millis),
          Unit.MILLIS.format(floorMillis),
          Figures.ratio(millis, floorMillis),
          "",
          "",
          Optional.empty(),
          millis);
    }
  }
}
