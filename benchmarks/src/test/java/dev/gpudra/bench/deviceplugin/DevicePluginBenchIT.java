package dev.gpudra.bench.deviceplugin;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.bench.ChildJvm;
import dev.gpudra.bench.LatencyStats;
import dev.gpudra.bench.Machine;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DevicePluginBenchIT {
  private static final int ALLOCATIONS = 40;

  @TempDir Path dir;

  @Test
  @DisplayName(
      "gpu-dra device-plugin from the image's classpath registers nvidia.com/gpu with the stand-in,"
          + " lists the 8 simulated GPUs Healthy, and answers timed Allocate calls under envvar and"
          + " cdi-cri; every figure of the table is there and ordered")
  void smallRun() throws Exception {
    DevicePluginSettings settings =
        new DevicePluginSettings(
            "dgx-h100", 1, ALLOCATIONS, List.of("envvar", "cdi-cri"), Duration.ZERO);
    StringWriter progress = new StringWriter();
    DevicePluginReport report =
        new DevicePluginBench(
                new DevicePluginBench.Plan("./gpu-dra bench device-plugin (test)", settings),
                pluginJvm(),
                dir,
                new PrintWriter(progress))
            .run(new Machine(Runtime.version().toString(), 2));

    PluginStart start = report.starts().getFirst();
    assertThat(start.resource()).isEqualTo("nvidia.com/gpu");
    assertThat(start.devices()).hasSize(8).allMatch(id -> id.startsWith("GPU-"));
    assertThat(start.healthy()).isEqualTo(8);
    assertThat(start.registeredNanos()).isPositive().isLessThanOrEqualTo(start.firstListNanos());
    assertThat(report.jvmFloorNanos()).isPositive();
    assertThat(report.strategies())
        .extracting(StrategyRun::strategy)
        .containsExactly("envvar", "cdi-cri");
    for (StrategyRun run : report.strategies()) {
      assertSane(run.latencies().plugin());
      assertSane(run.latencies().floor());
      assertThat(run.start().devices()).hasSize(8);
      assertThat(run.idle().rssMib()).isBetween(16.0, 1024.0);
      assertThat(run.afterAllocations().rssMib()).isBetween(16.0, 1024.0);
    }
    assertThat(dir.resolve("cdi-cri/cdi/k8s.device-plugin.nvidia.com-gpu.json"))
        .as("the cdi-cri plugin wrote its spec where it was told")
        .isRegularFile();

    StringWriter table = new StringWriter();
    new DevicePluginTable(report).print(new PrintWriter(table));
    assertThat(table.toString())
        .contains("start -> Register received, median of 1")
        .contains("start -> first ListAndWatch (8 devices)")
        .contains("Allocate envvar p99", "Allocate cdi-cri p99")
        .contains("RSS idle after registration, envvar", "RSS idle after registration, cdi-cri")
        .contains("NVIDIA's Go plugin (issue 13; not measured)");
  }

  private static void assertSane(LatencyStats stats) {
    assertThat(stats.count()).isEqualTo(ALLOCATIONS);
    assertThat(stats.p50Nanos()).isPositive();
    assertThat(stats.p99Nanos()).isGreaterThanOrEqualTo(stats.p50Nanos());
  }

  /** The image's classpath, as this module's build has it laid out (failsafe passes the path). */
  private static ChildJvm pluginJvm() throws IOException {
    Path libs =
        Path.of(System.getProperty("gpu-dra.image.libs", "../deployments/container/target/libs"));
    try (Stream<Path> jars = Files.list(libs)) {
      assertThat(jars.map(p -> p.getFileName().toString()))
          .as("the image's classpath in %s holds the cli", libs)
          .anyMatch(name -> name.startsWith("gpu-dra-cli-"));
    }
    return new ChildJvm(
        Path.of(System.getProperty("java.home"), "bin", "java"),
        List.of(
            "-XX:+UseSerialGC",
            "-XX:TieredStopAtLevel=1",
            "-Xmx64m",
            "--enable-native-access=ALL-UNNAMED",
            "-Dsun.misc.unsafe.memory.access=allow"),
        libs.toAbsolutePath() + "/*");
  }
}
