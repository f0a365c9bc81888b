package dev.gpudra.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.resource.v1.DeviceBuilder;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PrepareBenchIT {
  private static final int CLAIMS = 20;
  private static final List<String> JVM_OPTIONS =
      List.of(
          "-XX:+UseSerialGC",
          "-XX:TieredStopAtLevel=1",
          "-Xmx64m",
          "--enable-native-access=ALL-UNNAMED",
          "-Dsun.misc.unsafe.memory.access=allow");

  @TempDir Path dir;

  @Test
  @DisplayName(
      "with --peer-command, a second plugin process started from the user's shell line with only"
          + " NVIDIA's flag names and env serves its own node, directories and claims beside ours;"
          + " every row has ours, the floor and the peer")
  void peerRunsBesideOurs() throws Exception {
    ChildJvm jvm = pluginJvm();
    String peerLine =
        "%s %s -cp '%s' %s gpu-kubelet-plugin --simulated-gpus dgx-h100"
            .formatted(
                jvm.java(), String.join(" ", JVM_OPTIONS), jvm.classpath(), ChildJvm.MAIN_CLASS);
    StringWriter progress = new StringWriter();
    PrepareBench bench =
        new PrepareBench(
            new PrepareBench.Plan(
                "./gpu-dra bench prepare (test)",
                new BenchSettings(CLAIMS, Duration.ofSeconds(1), 2, 3, 6, 1, 2),
                profile("dgx-h100", 8),
                profile("small", 2),
                new PluginBinary.Ours(jvm, "dgx-h100"),
                Optional.of(new PluginBinary.Peer(peerLine))),
            jvm,
            new PluginLayout(dir, "bench-node"),
            new PrintWriter(progress, true));

    BenchReport report = bench.run(new Machine(Runtime.version().toString(), 2));

    assertThat(report.run().peerCommand().orElseThrow())
        .startsWith("/bin/sh", "-c")
        .contains(
            "--node-name=bench-node-peer",
            "--kubelet-registrar-directory-path=" + dir.resolve("peer/plugins_registry"),
            "--kubelet-plugins-directory-path=" + dir.resolve("peer/plugins"),
            "--cdi-root=" + dir.resolve("peer/cdi"))
        .noneMatch(arg -> arg.startsWith("--slice-field-selectors"));
    assertThat(checkpoint(dir.resolve("peer")))
        .as("the peer held its own admin claims in its own checkpoint")
        .contains("peer-held-00005")
        .doesNotContain("\"held-00005");
    assertThat(checkpoint(dir)).contains("\"held-00005").doesNotContain("peer-held");
    assertThat(dir.resolve("peer/plugin.log")).isNotEmptyFile();

    assertThat(progress.toString().lines().filter(l -> l.contains("] starting ")))
        .as("two start rounds: the first with the peer first, the last (kept) with ours first")
        .map(l -> l.replaceAll(".*\\] starting (\\w+) .*", "$1"))
        .containsExactly("peer", "ours", "ours", "peer");

    PluginFigures peer = report.peer().orElseThrow();
    for (PluginFigures figures : List.of(report.ours(), peer)) {
      assertThat(figures.prepare().count()).isEqualTo(CLAIMS);
      assertThat(figures.heldPrepares()).extracting(HeldPrepares::held).containsExactly(3, 6);
      assertThat(figures.sequential().cycles().operations()).isPositive();
      assertThat(figures.cpuMillisPerCycle()).isPositive();
      assertThat(figures.held().rssMib()).isBetween(16.0, 1024.0);
      assertThat(figures.coldStart().readyNanos()).isPositive();
    }
    assertThat(report.heldFloor(6).floor().sizes().checkpointBytes())
        .as("the floor's checkpoint grows with the held claims")
        .isGreaterThan(report.floor().sizes().checkpointBytes());

    StringWriter table = new StringWriter();
    new ReportTable(report).print(new PrintWriter(table));
    assertThat(table.toString())
        .contains("ours/peer", "peer: /bin/sh -c exec ")
        .contains("prepare p50, 6 claims held", "6 held / none held (flat)")
        .contains("unprepare p50", "plugin CPU per cycle", "RSS idle");
  }

  private static String checkpoint(Path root) throws IOException {
    return Files.readString(root.resolve("plugins/gpu.nvidia.com/checkpoint.json"));
  }

  private static BenchProfile profile(String name, int devices) {
    return new BenchProfile(
        name,
        IntStream.range(0, devices)
            .mapToObj(i -> new DeviceBuilder().withName("gpu-" + i).build())
            .toList());
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
        JVM_OPTIONS,
        libs.toAbsolutePath() + "/*");
  }
}
