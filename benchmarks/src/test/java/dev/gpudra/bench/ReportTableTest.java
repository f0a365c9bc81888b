package dev.gpudra.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceBuilder;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.List;
import java.util.Map;
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
  @DisplayName("each figure is judged against its target, with the ratio to its floor")
  void verdicts() {
    Map<String, ReportTable.Row> rows =
        new ReportTable(report())
            .rows().stream().collect(Collectors.toMap(r -> r.figure().trim(), r -> r));

    assertThat(rows.get("cold start: spawn -> registered + slices").verdict()).isEqualTo("yes");
    assertThat(rows.get("cold start: spawn -> registered + slices").ratio()).isEqualTo("4.00x");
    assertThat(rows.get("prepare p50 (1 device)").verdict()).isEqualTo("NO");
    assertThat(rows.get("prepare p50 (1 device)").ratio()).isEqualTo("4.00x");
    assertThat(rows.get("prepare p99").verdict()).isEqualTo("yes");
    assertThat(rows.get("prepare+unprepare, 1 caller").measured()).isEqualTo("200 /s");
    assertThat(rows.get("prepare+unprepare, 1 caller").ratio()).isEqualTo("0.25x");
    assertThat(rows.get("prepare+unprepare, 1 caller").verdict()).isEqualTo("NO");
    assertThat(rows.get("RSS, 100 claims on 8 devices").verdict()).isEqualTo("yes");
    assertThat(rows.get("RSS, 100 claims on 8 devices").measured()).isEqualTo("90 MiB");
  }

  @Test
  @DisplayName("the printed report names the command, the machine and every figure")
  void prints() {
    StringWriter text = new StringWriter();
    new ReportTable(report()).print(new PrintWriter(text));
    assertThat(text.toString())
        .contains("./gpu-dra bench prepare --claims 10", "2 CPUs, JDK 25", "ext4", "-Xmx64m")
        .contains("prepare p50 (1 device)", "slice publish p50, big (15 devices)")
        .contains("2 checkpoint writes (700 B) + 1 CDI spec write (400 B)");
  }

  private static BenchReport report() {
    BenchReport.RunInfo run =
        new BenchReport.RunInfo(
            "./gpu-dra bench prepare --claims 10",
            new BenchSettings(10, Duration.ofSeconds(1), 4, 100, 3),
            new BenchProfile("dgx-h100", devices(8)),
            new BenchProfile("big", devices(15)),
            new Machine("25", 2),
            "ext4",
            List.of("-Xmx64m"));
    DurableWritesFloor.Result floor =
        new DurableWritesFloor.Result(
            new FileSizes(700, 400), stats(MS / 2, MS, 2 * MS), new Throughput(800, 1_000 * MS));
    return new BenchReport(
        run,
        new ColdStart(700 * MS, 750 * MS, 800 * MS),
        200 * MS,
        new PrepareLoop.Latencies(stats(2 * MS, 4 * MS, 9 * MS), stats(MS, MS, MS), floor),
        new Throughput(200, 1_000 * MS),
        new Throughput(300, 1_000 * MS),
        new MemoryStatus(80 * 1024, 85 * 1024),
        new MemoryStatus(90 * 1024, 95 * 1024),
        new SlicePublishBench.Result(
            stats(20 * MS, 30 * MS, 30 * MS), 30 * MS, stats(4 * MS, 5 * MS, 5 * MS)));
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
