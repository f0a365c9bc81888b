package dev.gpudra.image;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.buildtools.ClassUpgrade;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The image ships what the processes need and nothing of the test harness: no mock API server, no
 * Vert.x, no unshaded Netty, no BouncyCastle, no demo, no benchmarks, no local or real cluster.
 */
class ImageClasspathIT {
  private static final List<String> TEST_ONLY =
      List.of(
          "kubernetes-server-mock-",
          "mockwebserver-",
          "vertx-",
          "bcprov-",
          "bcpkix-",
          "bcutil-",
          "netty-",
          "jmh-",
          "gpu-dra-local-cluster-",
          "gpu-dra-real-cluster-",
          "gpu-dra-demo-",
          "gpu-dra-benchmarks-");

  private final ImageClasspath image = ImageClasspath.fromBuild();

  @Test
  @DisplayName("no test-only jar is on the image's classpath")
  void noTestHarness() {
    assertThat(image.jars())
        .as("jars in %s", image.libs())
        .isNotEmpty()
        .noneMatch(jar -> TEST_ONLY.stream().anyMatch(jar::startsWith));
  }

  @Test
  @DisplayName(
      "the image's classpath holds the plugin, the node library, its gRPC and the JDK HTTP client")
  void whatTheProcessesNeed() {
    assertThat(image.jars())
        .anyMatch(j -> j.startsWith("gpu-dra-cli-"))
        .anyMatch(j -> j.startsWith("gpu-dra-gpu-kubelet-plugin-"))
        .anyMatch(j -> j.startsWith("gpu-dra-gpu-node-"))
        .anyMatch(j -> j.startsWith("gpu-dra-kubelet-plugin-kit-"))
        .anyMatch(j -> j.startsWith("grpc-netty-shaded-"))
        .anyMatch(j -> j.startsWith("kubernetes-httpclient-jdk-"))
        .anyMatch(j -> j.startsWith("jna-"));
  }

  @Test
  @DisplayName(
      "no class file of the image's jars is older than version 50 (the build rewrites picocli's:"
          + " the AOT cache drops such classes once linked)")
  void noClassTheAotCacheDrops() throws Exception {
    List<String> old = new ArrayList<>();
    for (String jar : image.jars()) {
      try (ZipFile zip = new ZipFile(image.libs().resolve(jar).toFile())) {
        for (ZipEntry e : zip.stream().toList()) {
          String name = jar + "!" + e.getName();
          if (e.getName().endsWith(".class")
              && ClassUpgrade.majorVersion(name, zip.getInputStream(e).readAllBytes())
                  < ClassUpgrade.OLDEST_CACHEABLE) {
            old.add(name);
          }
        }
      }
    }
    assertThat(old).isEmpty();
    assertThat(image.jars()).anyMatch(j -> j.startsWith("picocli-"));
  }

  @Test
  @DisplayName(
      "target/classpath names each jar of target/libs once, at /opt/gpu-dra/libs, in one fixed"
          + " order (the image starts with -cp @/opt/gpu-dra/classpath; its AOT cache holds for"
          + " that order only)")
  void classpathFile() throws Exception {
    java.nio.file.Path file = image.libs().resolveSibling("classpath");
    List<String> entries = List.of(java.nio.file.Files.readString(file).strip().split(":"));

    assertThat(entries).allMatch(e -> e.startsWith("/opt/gpu-dra/libs/")).doesNotHaveDuplicates();
    assertThat(entries.stream().map(e -> e.substring("/opt/gpu-dra/libs/".length())).sorted())
        .containsExactlyElementsOf(image.jars());
    assertThat(entries.getFirst())
        .as("the deployable first")
        .startsWith("/opt/gpu-dra/libs/gpu-dra-cli-");
  }

  @Test
  @DisplayName("every command of the image starts from that classpath alone")
  void everyCommandStarts() throws Exception {
    for (List<String> args :
        List.of(
            List.of("--help"),
            List.of("gpu-kubelet-plugin", "--help"),
            List.of("gpus", "--simulated-gpus", "dgx-h100"),
            List.of("selector", "test", "--help"),
            List.of("explain", "--help"))) {
      Run run = run(args);
      assertThat(run.exitCode()).as("gpu-dra %s:%n%s", args, run.output()).isZero();
      assertThat(run.output()).doesNotContain("NoClassDefFoundError", "ClassNotFoundException");
    }
  }

  @Test
  @DisplayName("the image has no demo and no bench command: they are checkout tools")
  void noTools() throws Exception {
    for (String tool : List.of("demo", "bench")) {
      Run run = run(List.of(tool));
      assertThat(run.exitCode()).as(run.output()).isEqualTo(2);
      assertThat(run.output()).contains("Unmatched argument at index 0: '" + tool + "'");
    }
  }

  private record Run(int exitCode, String output) {}

  private Run run(List<String> args) throws Exception {
    Process process =
        new ProcessBuilder(image.command(List.of("-Xmx64m"), args))
            .redirectErrorStream(true)
            .start();
    String output = new String(process.getInputStream().readAllBytes());
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
    return new Run(process.exitValue(), output);
  }
}
