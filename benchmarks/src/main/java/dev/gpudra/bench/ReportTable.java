package dev.gpudra.bench;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The report as a table: measured, floor, ratio, target and whether it is met. */
public final class ReportTable {
  /** One line of the table; {@code value} is what the target is checked against. */
  record Row(
      String figure,
      String measured,
      String floor,
      String ratio,
      Optional<Target> target,
      double value) {
    String verdict() {
      return target.map(t -> t.metBy(value) ? "yes" : "NO").orElse("");
    }
  }

  private final BenchReport report;

  public ReportTable(BenchReport report) {
    this.report = report;
  }

  List<Row> rows() {
    List<Row> rows = new ArrayList<>();
    ColdStart cold = report.coldStart();
    rows.add(
        latency(
            "cold start: spawn -> registered + slices",
            cold.readyNanos(),
            report.jvmFloorNanos(),
            Target.atMost(1500, "ms")));
    rows.add(
        latency(
            "  registration socket listening", cold.socketNanos(), report.jvmFloorNanos(), null));
    rows.add(latency("  all devices in the API", cold.slicesNanos(), report.jvmFloorNanos(), null));
    rows.add(
        latency(
            "  registered (stand-in scans every 100 ms)",
            cold.registeredNanos(),
            report.jvmFloorNanos(),
            null));
    LatencyStats prepare = report.latencies().prepare();
    LatencyStats floor = report.latencies().floor().prepare();
    rows.add(
        latency(
            "prepare p50 (1 device)",
            prepare.p50Nanos(),
            floor.p50Nanos(),
            Target.atMost(1, "ms")));
    rows.add(latency("prepare p99", prepare.p99Nanos(), floor.p99Nanos(), Target.atMost(5, "ms")));
    rows.add(latency("prepare max", prepare.maxNanos(), floor.maxNanos(), null));
    rows.add(latency("unprepare p50", report.latencies().unprepare().p50Nanos(), -1, null));
    int callers =
        Math.min(report.run().settings().callers(), report.run().profile().devices().size());
    rows.add(throughput("prepare+unprepare, 1 caller", report.sequential()));
    rows.add(throughput("prepare+unprepare, " + callers + " callers", report.concurrent()));
    int held = report.run().settings().heldClaims();
    int devices = report.run().profile().devices().size();
    rows.add(
        memory(
            "RSS, " + held + " claims on " + devices + " devices",
            report.held().rssMib(),
            Optional.of(Target.atMost(96, "MiB"))));
    rows.add(memory("  peak RSS (VmHWM)", report.held().peakMib(), Optional.empty()));
    rows.add(memory("  RSS when ready", report.idle().rssMib(), Optional.empty()));
    BenchProfile largest = report.run().largest();
    SlicePublishBench.Result slices = report.slices();
    rows.add(
        latency(
            "slice publish p50, " + largest.name() + " (" + largest.devices().size() + " devices)",
            slices.publish().p50Nanos(),
            slices.floor().p50Nanos(),
            null));
    rows.add(latency("  first round", slices.firstNanos(), slices.floor().maxNanos(), null));
    return rows;
  }

  private static Row latency(String figure, long nanos, long floorNanos, Target target) {
    return new Row(
        figure,
        Figures.millis(nanos),
        floorNanos < 0 ? "" : Figures.millis(floorNanos),
        floorNanos < 0 ? "" : Figures.ratio(nanos, floorNanos),
        Optional.ofNullable(target),
        nanos / 1e6);
  }

  private Row throughput(String figure, Throughput measured) {
    double floor = report.latencies().floor().cycles().perSecond();
    return new Row(
        figure,
        Figures.number(measured.perSecond()) + " /s",
        Figures.number(floor) + " /s",
        Figures.ratio(measured.perSecond(), floor),
        Optional.of(Target.atLeast(1000, "claims/s")),
        measured.perSecond());
  }

  private static Row memory(String figure, double mib, Optional<Target> target) {
    return new Row(figure, Figures.number(mib) + " MiB", "", "", target, mib);
  }

  public void print(PrintWriter out) {
    BenchReport.RunInfo run = report.run();
    out.printf("gpu-dra bench prepare: %s%n", run.command());
    out.printf(
        "machine: %d CPUs, JDK %s; work dir on %s; plugin profile %s (%d devices)%n",
        run.machine().cpus(),
        run.machine().jdk(),
        run.fileSystem(),
        run.profile().name(),
        run.profile().devices().size());
    out.printf("child JVM options: %s%n%n", String.join(" ", run.childOptions()));
    String format = "%-46s %12s %12s %7s %16s %4s%n";
    out.printf(format, "figure", "measured", "floor", "ratio", "target", "met");
    for (Row row : rows()) {
      out.printf(
          format,
          row.figure(),
          row.measured(),
          row.floor(),
          row.ratio(),
          row.target().map(Target::toString).orElse(""),
          row.verdict());
    }
    out.printf(
        "%nfloors: cold start = gpu-dra --version with the same JVM options (spawn to exit);"
            + " prepare = 2 checkpoint writes (%d B) + 1 CDI spec write (%d B), each temp+fsync+rename+fsync(dir);"
            + " cycle adds the spec delete and a checkpoint write; slice publish = the same slices created directly.%n",
        report.latencies().floor().sizes().checkpointBytes(),
        report.latencies().floor().sizes().cdiSpecBytes());
    out.flush();
  }
}
