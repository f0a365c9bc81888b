package dev.gpudra.bench.deviceplugin;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.bench.LatencyStats;
import dev.gpudra.bench.Machine;
import dev.gpudra.bench.MemoryStatus;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class DevicePluginTableTest {
  private static final long MS = 1_000_000;

  @Test
  @DisplayName(
      "start figures are medians over the rounds against the bare JVM; Allocate against the"
          + " transport floor; RSS against NVIDIA's quoted 25 MiB")
  void rows() {
    Map<String, DevicePluginTable.Row> rows =
        new DevicePluginTable(report())
            .rows().stream().collect(Collectors.toMap(r -> r.figure().trim(), Function.identity()));

    DevicePluginTable.Row registered = rows.get("start -> Register received, median of 3");
    assertThat(registered.measured()).isEqualTo("800 ms");
    assertThat(registered.ratio()).isEqualTo("4.00x");
    assertThat(rows.get("start -> first ListAndWatch (8 devices)").measured()).isEqualTo("900 ms");
    DevicePluginTable.Row p99 = rows.get("Allocate cdi-cri p99");
    assertThat(p99.measured()).isEqualTo("3 ms");
    assertThat(p99.floor()).isEqualTo("0.50 ms");
    assertThat(p99.ratio()).isEqualTo("6.00x");
    DevicePluginTable.Row idle = rows.get("RSS idle after registration, envvar");
    assertThat(idle.measured()).isEqualTo("100 MiB");
    assertThat(idle.ratio()).isEqualTo("4.00x");
    assertThat(rows.get("RSS after 1300 Allocate calls, envvar").measured()).isEqualTo("110 MiB");
    assertThat(rows.get("NVIDIA's Go plugin (issue 13; not measured)").measured())
        .isEqualTo("~25 MiB");
  }

  @Test
  @DisplayName("the printed report names the command, the machine, the JVM options and each start")
  void prints() {
    StringWriter text = new StringWriter();
    new DevicePluginTable(report()).print(new PrintWriter(text));

    assertThat(text.toString())
        .contains("./gpu-dra bench device-plugin --rounds 3", "2 CPUs, JDK 25", "-Xmx64m")
        .contains("--simulated-gpus dgx-h100")
        .contains("starts (Register / first list, ms): 700 / 800, 900 / 1000, 800 / 900");
  }

  @Test
  @DisplayName("at most 300 untimed warm-up calls, fewer when fewer are timed")
  void warmup() {
    assertThat(settings(1000).warmup()).isEqualTo(300);
    assertThat(settings(50).warmup()).isEqualTo(50);
  }

  private static DevicePluginSettings settings(int allocations) {
    return new DevicePluginSettings(
        "dgx-h100", 3, allocations, List.of("envvar", "cdi-cri"), Duration.ofSeconds(2));
  }

  private static DevicePluginReport report() {
    return new DevicePluginReport(
        new DevicePluginReport.RunInfo(
            "./gpu-dra bench device-plugin --rounds 3",
            settings(1000),
            new Machine("25", 2),
            List.of("-Xmx64m")),
        List.of(start(700, 800), start(900, 1000), start(800, 900)),
        200 * MS,
        List.of(run("envvar"), run("cdi-cri")));
  }

  private static PluginStart start(long registeredMs, long firstListMs) {
    List<String> devices = IntStream.range(0, 8).mapToObj(i -> "GPU-" + i).toList();
    return new PluginStart("nvidia.com/gpu", registeredMs * MS, firstListMs * MS, devices, 8);
  }

  private static StrategyRun run(String strategy) {
    return new StrategyRun(
        strategy,
        start(700, 800),
        new MemoryStatus(100 * 1024, 100 * 1024),
        new AllocateLatencies(
            new LatencyStats(1000, MS, 3 * MS, 9 * MS), new LatencyStats(1000, MS / 4, MS / 2, MS)),
        new MemoryStatus(110 * 1024, 112 * 1024));
  }
}
