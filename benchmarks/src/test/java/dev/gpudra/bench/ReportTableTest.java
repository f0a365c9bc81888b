package dev.gpudra.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceBuilder;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ReportTableTest {
  private static final long MS = 1_000_000;

  @DisplayName("a target is met at its limit and on the right side of it")
  @ParameterizedTest(name = "{0} {1} vs {2}: {3}")
  @CsvSource({
    "AT_MOST, 1, 0.9, true",
    "AT_MOST, 1, 1, true",
    "AT_MOST, 1, 1.1, false",
    "AT_LEAST, 1000, 999, false",
    "AT_LEAST, 1000, 1000, true"
  })
  void targets(Target.Bound bound, double limit, double measured, boolean met) {
    assertThat(new Target(bound, limit, "ms").metBy(measured)).isEqualTo(met);
  }

  @Test
  @DisplayName("each figure of issue 16 is judged against its target, with the ratio to its floor")
  void verdicts() {
    Map<String, Row> rows = byFigure(new ReportTable(report(Optional.empty())));

    assertThat(rows.get("start -> registered + slices").verdict()).isEqualTo("yes");
    assertThat(rows.get("start -> registered + slices").ratio()).isEqualTo("4.00x");
    assertThat(rows.get("prepare p50 (1 device, claim GET included)").verdict()).isEqualTo("NO");
    assertThat(rows.get("prepare p50 (1 device, claim GET included)").ratio()).isEqualTo("4.00x");
    assertThat(rows.get("prepare p99").verdict()).isEqualTo("NO");
    assertThat(rows.get("unprepare p50").floor()).isEqualTo("0.25 ms");
    assertThat(rows.get("unprepare p50").ratio()).isEqualTo("4.00x");
    assertThat(rows.get("prepare+unprepare, 1 caller").measured()).isEqualTo("200 /s");
    assertThat(rows.get("prepare+unprepare, 1 caller").ratio()).isEqualTo("0.25x");
    assertThat(rows.get("prepare+unprepare, 1 caller").verdict()).isEmpty();
    assertThat(rows.get("prepare+unprepare, 4 callers").verdict()).isEqualTo("NO");
    assertThat(rows.get("RSS idle (ready, no claim)").measured()).isEqualTo("40 MiB");
    assertThat(rows.get("RSS, 100 claims prepared on 8 devices").verdict()).isEqualTo("yes");
    assertThat(rows.get("RSS, 100 claims prepared on 8 devices").measured()).isEqualTo("50 MiB");
    assertThat(rows.get("plugin CPU per cycle (both runs)").measured()).isEqualTo("2 ms");
    assertThat(rows).doesNotContainKey("peer");
  }

  @Test
  @DisplayName(
      "prepare p50 with claims held sits beside its own floor, and 'flat' divides the most held"
          + " by none, for ours and for the floor")
  void heldClaims() {
    Map<String, Row> rows = byFigure(new ReportTable(report(Optional.empty())));

    assertThat(rows.get("prepare p50, 100 claims held").measured()).isEqualTo("2.20 ms");
    assertThat(rows.get("prepare p50, 100 claims held").floor()).isEqualTo("0.60 ms");
    assertThat(rows.get("prepare p50, 1000 claims held").measured()).isEqualTo("3 ms");
    Row flat = rows.get("1000 held / none held (flat)");
    assertThat(flat.measured()).isEqualTo("1.50x");
    assertThat(flat.floor()).isEqualTo("2.00x");
    assertThat(flat.target()).hasValueSatisfying(t -> assertThat(t).hasToString("<= 1.20x"));
    assertThat(flat.verdict()).isEqualTo("NO");
  }

  @Test
  @DisplayName("with a peer, every plugin figure gets the peer's value and ours/peer")
  void peerColumns() {
    PluginFigures peer = figures(2);
    Map<String, Row> rows = byFigure(new ReportTable(report(Optional.of(peer))));

    Row prepare = rows.get("prepare p50 (1 device, claim GET included)");
    assertThat(prepare.peer()).isEqualTo("4 ms");
    assertThat(prepare.vsPeer()).isEqualTo("0.50x");
    assertThat(rows.get("RSS idle (ready, no claim)").vsPeer()).isEqualTo("0.50x");
    assertThat(rows.get("prepare+unprepare, 4 callers").peer()).isEqualTo("200 /s");
    assertThat(rows.get("plugin CPU per cycle (both runs)").peer()).isEqualTo("4 ms");
    assertThat(rows.get("1000 held / none held (flat)").peer()).isEqualTo("1.50x");
    assertThat(rows.get("1000 held / none held (flat)").vsPeer()).isEmpty();
    assertThat(rows.get("slice publish p50, big (15 devices)").peer()).isEmpty();

    StringWriter text = new StringWriter();
    new ReportTable(report(Optional.of(peer))).print(new PrintWriter(text));
    assertThat(text.toString())
        .contains("ours/peer", "peer: /bin/sh -c exec my-plugin \"$@\" peer --node-name=n");
  }

  @Test
  @DisplayName("the printed report names the command, the machine and every figure and floor")
  void prints() {
    StringWriter text = new StringWriter();
    new ReportTable(report(Optional.empty())).print(new PrintWriter(text));
    assertThat(text.toString())
        .contains("./gpu-dra bench prepare --claims 10", "2 CPUs, JDK 25", "ext4", "-Xmx64m")
        .contains("prepare p50 (1 device, claim GET included)", "slice publish p50, big (15")
        .contains("2 checkpoint writes (700 B) + 1 CDI spec write (400 B)")
        .contains("with 1000 held, the same with a 90000 B checkpoint")
        .doesNotContain("ours/peer", "peer:");
  }

  private static Map<String, Row> byFigure(ReportTable table) {
    return table.rows().stream().collect(Collectors.toMap(r -> r.figure().trim(), r -> r));
  }

  /** Ours: prepare p50 2 ms; the peer: everything {@code scale} times ours. */
  private static BenchReport report(Optional<PluginFigures> peer) {
    BenchReport.RunInfo run =
        new BenchReport.RunInfo(
            "./gpu-dra bench prepare --claims 10",
            new BenchSettings(10, Duration.ofSeconds(1), 4, 100, 1000, 3, 1),
            new BenchProfile("dgx-h100", devices(8)),
            new BenchProfile("big", devices(15)),
            new Machine("25", 2),
            "ext4",
            List.of("-Xmx64m"),
            peer.map(
                p -> List.of("/bin/sh", "-c", "exec my-plugin \"$@\"", "peer", "--node-name=n")));
    return new BenchReport(
        run,
        figures(1),
        peer,
        200 * MS,
        floor(700, stats(MS / 2, 2 * MS, 2 * MS)),
        List.of(
            new BenchReport.HeldFloor(100, floor(9_000, stats(6 * MS / 10, MS, MS))),
            new BenchReport.HeldFloor(1000, floor(90_000, stats(MS, 2 * MS, 2 * MS)))),
        new SlicePublishBench.Result(
            stats(20 * MS, 30 * MS, 30 * MS), 30 * MS, stats(4 * MS, 5 * MS, 5 * MS)));
  }

  private static FileWritesFloor.Result floor(int checkpoint, LatencyStats prepare) {
    return new FileWritesFloor.Result(
        new FileSizes(checkpoint, 400),
        prepare,
        stats(MS / 4, MS / 2, MS),
        new Throughput(800, 1_000 * MS));
  }

  private static PluginFigures figures(long scale) {
    long cpuTicks = 120 * scale; // 1200 ms over 600 cycles: 2 ms per cycle, times scale
    return new PluginFigures(
        new ColdStart(700 * MS * scale, 750 * MS * scale, 800 * MS * scale),
        stats(2 * MS * scale, 4 * MS * scale, 9 * MS * scale),
        stats(MS * scale, MS * scale, MS * scale),
        new ThroughputRun(new Throughput(200, 1_000 * MS * scale), new CpuTime(cpuTicks / 2)),
        new ThroughputRun(new Throughput(400, 1_000 * MS * scale), new CpuTime(cpuTicks / 2)),
        new MemoryStatus(40 * 1024 * scale, 45 * 1024 * scale),
        new MemoryStatus(50 * 1024 * scale, 55 * 1024 * scale),
        List.of(
            new HeldPrepares(100, stats(22 * MS * scale / 10, 5 * MS, 9 * MS * scale)),
            new HeldPrepares(1000, stats(3 * MS * scale, 5 * MS * scale, 9 * MS * scale))));
  }

  private static LatencyStats stats(long p50, long p99, long max) {
    return new LatencyStats(100, p50, p99, max);
  }

  private static List<Device> devices(int count) {
    return IntStream.range(0, count)
        .mapToObj(i -> new DeviceBuilder().withName("gpu-" + i).build())
        .toList();
  }
}
