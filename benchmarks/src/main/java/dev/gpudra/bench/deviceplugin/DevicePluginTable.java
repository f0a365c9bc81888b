package dev.gpudra.bench.deviceplugin;

import dev.gpudra.bench.Figures;
import dev.gpudra.bench.LatencyStats;
import dev.gpudra.bench.MemoryStatus;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/** The report as a table: each figure, its floor from the same run, and the ratio. */
public final class DevicePluginTable {
  /** One line of the table; empty strings where a column does not apply. */
  record Row(String figure, String measured, String floor, String ratio) {}

  private final DevicePluginReport report;

  public DevicePluginTable(DevicePluginReport report) {
    this.report = report;
  }

  List<Row> rows() {
    List<Row> rows = new ArrayList<>();
    int rounds = report.starts().size();
    long jvm = report.jvmFloorNanos();
    rows.add(
        latency("start -> Register received, median of " + rounds, report.registeredNanos(), jvm));
    int devices = report.starts().getFirst().devices().size();
    rows.add(
        latency(
            "start -> first ListAndWatch (" + devices + " devices)", report.firstListNanos(), jvm));
    for (StrategyRun run : report.strategies()) {
      rows.addAll(allocate(run));
    }
    for (StrategyRun run : report.strategies()) {
      rows.addAll(memory(run));
    }
    rows.add(
        new Row(
            "NVIDIA's Go plugin (issue 13; not measured)",
            "~" + Figures.number(DevicePluginReport.NVIDIA_RSS_MIB) + " MiB",
            "",
            ""));
    return rows;
  }

  private List<Row> allocate(StrategyRun run) {
    LatencyStats plugin = run.latencies().plugin();
    LatencyStats floor = run.latencies().floor();
    String name = "Allocate " + run.strategy();
    return List.of(
        latency(name + " p50 (1 GPU)", plugin.p50Nanos(), floor.p50Nanos()),
        latency(name + " p99", plugin.p99Nanos(), floor.p99Nanos()),
        latency(name + " max", plugin.maxNanos(), floor.maxNanos()));
  }

  /** RSS rows: the ratio is to NVIDIA's quoted figure, the floor column names it. */
  private List<Row> memory(StrategyRun run) {
    int calls = report.run().settings().warmup() + report.run().settings().allocations();
    return List.of(
        rss("RSS idle after registration, " + run.strategy(), run.idle()),
        rss("RSS after " + calls + " Allocate calls, " + run.strategy(), run.afterAllocations()),
        new Row(
            "  peak RSS (VmHWM), " + run.strategy(),
            mib(run.afterAllocations().peakMib()),
            "",
            ""));
  }

  private static Row rss(String figure, MemoryStatus memory) {
    double nvidia = DevicePluginReport.NVIDIA_RSS_MIB;
    return new Row(
        figure,
        mib(memory.rssMib()),
        "NVIDIA ~" + mib(nvidia),
        Figures.ratio(memory.rssMib(), nvidia));
  }

  private static Row latency(String figure, long nanos, long floorNanos) {
    return new Row(
        figure,
        Figures.millis(nanos),
        Figures.millis(floorNanos),
        Figures.ratio(nanos, floorNanos));
  }

  private static String mib(double mib) {
    return Figures.number(mib) + " MiB";
  }

  public void print(PrintWriter out) {
    DevicePluginReport.RunInfo run = report.run();
    out.printf("gpu-dra bench device-plugin: %s%n", run.command());
    out.printf(
        "machine: %d CPUs, JDK %s; plugin: gpu-dra device-plugin --simulated-gpus %s%n",
        run.machine().cpus(), run.machine().jdk(), run.settings().profile());
    out.printf("child JVM options: %s%n%n", String.join(" ", run.childOptions()));
    String format = "%-48s %12s %16s %7s%n";
    out.printf(format, "figure", "measured", "floor", "ratio");
    for (Row row : rows()) {
      out.printf(format, row.figure(), row.measured(), row.floor(), row.ratio());
    }
    out.printf("%nstarts (Register / first list, ms): %s%n", starts());
    out.printf(
        "floors: start = gpu-dra --version with the same JVM options, spawn to exit (median of %d);"
            + " Allocate = the same request to a trivial DevicePlugin server in the bench JVM on the"
            + " same Unix socket transport, answering with the plugin's own response, right after"
            + " each plugin call; RSS = NVIDIA's k8s-device-plugin as quoted in issue 13, not"
            + " measured here.%n",
        report.starts().size());
    out.flush();
  }

  private String starts() {
    return report.starts().stream()
        .map(s ->
            Figures.number(s.registeredNanos() / 1e6)
                + " / "
                + Figures.number(s.firstListNanos() / 1e6))
        .collect(Collectors.joining(", "));
  }
}
