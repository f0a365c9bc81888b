package dev.gpudra.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AotTrainingIT {
  private static final String NODE = "aot-node";

  @TempDir Path dir;

  @Test
  @DisplayName(
      "a training run of the plugin from the image's classpath writes an AOT cache that a JVM"
          + " with the same options and classpath uses (-XX:AOTMode=on fails otherwise), and"
          + " leaves no recorded configuration behind; picocli, rewritten by the build, loads from"
          + " the cache")
  void trainedCacheIsUsable() throws Exception {
    assumeTrue(Runtime.version().feature() >= 25, "AOT caches need JDK 25");
    ChildJvm jvm = pluginJvm();
    Path cache = dir.resolve("plugin.aot");
    Path work = dir.resolve("work");

    new AotTraining(
            new AotTraining.Plan(BenchProfile.simulated("dgx-h100", NODE), 2, 8, cache),
            jvm,
            new PluginLayout(work, NODE))
        .run();

    assertThat(cache).isRegularFile();
    assertThat(Files.size(cache)).isGreaterThan(1 << 20);
    assertThat(work.resolve("plugin.aotconf")).doesNotExist();
    assertThat(runVersion(jvm, "-XX:AOTCache=" + cache))
        .as("gpu-dra --version with -XX:AOTMode=on and the cache; output in %s", dir)
        .isZero();
    assertThat(Files.readString(dir.resolve("version.log")))
        .as("the build rewrites picocli's Java 5 classes, which the cache would otherwise drop")
        .contains("picocli.CommandLine source: shared objects file")
        .doesNotContain("picocli.CommandLine source: file:");
  }

  private int runVersion(ChildJvm jvm, String cacheOption) throws Exception {
    List<String> options = new ArrayList<>(jvm.options());
    options.add("-XX:AOTMode=on");
    options.add(cacheOption);
    options.add("-Xlog:class+load=info");
    ChildJvm cached = new ChildJvm(jvm.java(), options, jvm.classpath());
    Process process =
        new ProcessBuilder(cached.command(List.of("--version")))
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("version.log").toFile())
            .start();
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
    return process.exitValue();
  }

  /** The image's classpath, as this module's build has it laid out (failsafe passes the path). */
  private static ChildJvm pluginJvm() {
    Path libs =
        Path.of(System.getProperty("gpu-dra.image.libs", "../deployments/container/target/libs"));
    return new ChildJvm(
        Path.of(System.getProperty("java.home"), "bin", "java"),
        List.of(
            "-XX:+UseSerialGC",
            "-XX:TieredStopAtLevel=1",
            "-Xmx64m",
            "-XX:+UseCompactObjectHeaders",
            "--enable-native-access=ALL-UNNAMED",
            "-Dsun.misc.unsafe.memory.access=allow"),
        libs.toAbsolutePath() + "/*");
  }
}
