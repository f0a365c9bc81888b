package dev.gpudra.bench;

import java.io.PrintWriter;
import java.util.List;

/** Prints a report's rows under a header naming the command, the machine and the binaries. */
final class ReportPrinter {
  private static final String WITH_PEER = "%-44s %10s %10s %7s %10s %9s %11s %4s%n";
  private static final String OURS_ONLY = "%-44s %10s %10s %7s %11s %4s%n";

  private final BenchReport report;
  private final List<Row> rows;

  ReportPrinter(BenchReport report, List<Row> rows) {
    this.report = report;
    this.rows = List.copyOf(rows);
  }

  void print(PrintWriter out) {
    header(out);
    boolean peer = report.peer().isPresent();
    if (peer) {
      out.printf(
          WITH_PEER, "figure", "ours", "floor", "ratio", "peer", "ours/peer", "target", "met");
    } else {
      out.printf(OURS_ONLY, "figure", "ours", "floor", "ratio", "target", "met");
    }
    for (Row row : rows) {
      String target = row.target().map(Target::toString).orElse("");
      if (peer) {
        out.printf(
            WITH_PEER,
            row.figure(),
            row.measured(),
            row.floor(),
            row.ratio(),
            row.peer(),
            row.vsPeer(),
            target,
            row.verdict());
      } else {
        out.printf(
            OURS_ONLY,
            row.figure(),
            row.measured(),
            row.floor(),
            row.ratio(),
            target,
            row.verdict());
      }
    }
    footer(out);
    out.flush();
  }

  private void header(PrintWriter out) {
    BenchReport.RunInfo run = report.run();
    out.printf("gpu-dra bench prepare: %s%n", run.command());
    out.printf(
        "machine: %d CPUs, JDK %s; work dir on %s; plugin profile %s (%d devices)%n",
        run.machine().cpus(),
        run.machine().jdk(),
        run.fileSystem(),
        run.profile().name(),
        run.profile().devices().size());
    out.printf("child JVM options: %s%n", String.join(" ", run.childOptions()));
    run.peerCommand().ifPresent(c -> out.printf("peer: %s%n", String.join(" ", c)));
    out.println();
  }

  private void footer(PrintWriter out) {
    FileWritesFloor.Result floor = report.floor();
    out.printf(
        "%nstart rows: the median of %d cold starts per plugin, alternating which starts first."
            + "%nfloors: start = gpu-dra --version with the same JVM options (spawn to exit);"
            + " prepare = 2 checkpoint writes (%d B) + 1 CDI spec write (%d B), each"
            + " temp+write+rename, as the plugin (no fsync); unprepare = the spec delete + 1 checkpoint write;"
            + " cycles/s = both, back to back;",
        report.run().settings().startRounds(),
        floor.sizes().checkpointBytes(),
        floor.sizes().cdiSpecBytes());
    for (BenchReport.HeldFloor held : report.heldFloors()) {
      out.printf(
          " with %d held, the same with a %d B checkpoint;",
          held.held(), held.floor().sizes().checkpointBytes());
    }
    out.printf(
        " flat = prepare p50 with the most held / with none (the floor column: the floor's own);"
            + " slice publish = the same slices created directly. RSS and CPU have no floor;"
            + " CPU = the plugin's utime+stime over both throughput runs / their cycles.%n");
  }
}
