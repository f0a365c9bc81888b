package dev.gpudra.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gpudra.realcluster.node.Helm;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Chart renders: a values file written for NVIDIA's chart ({@code conformance/chart-values/}),
 * rendered by NVIDIA's chart (the fixture) and by ours, projected by {@link ChartDocument}: the
 * DeviceClasses and each container's environment, mounts and privilege must be NVIDIA's but for the
 * {@code chart} entries of {@code differences.yaml}. NVIDIA's chart is not in {@code shared/}: the
 * update renders it from {@code -Dgpu-dra.conformance.nvidia-chart=<its directory>}.
 */
class NvidiaChartIT {
  private static final Kit KIT = Kit.ofCheckout();
  private static final String NAMESPACE = "nvidia-dra-driver-gpu";
  private static Path helm;

  @BeforeAll
  static void buildHelm() throws InterruptedException {
    helm = Helm.locate(KIT.dir().getParent(), System.err::println);
  }

  @AfterAll
  static void noStaleEntries() {
    KIT.usage().assertNoStale(KIT.differences().chart(), cases().toList(), "chart");
  }

  static Stream<String> cases() {
    try (Stream<Path> files = Files.list(KIT.dir().resolve("chart-values"))) {
      return files
          .map(f -> f.getFileName().toString())
          .filter(n -> n.endsWith(".yaml"))
          .map(n -> n.substring(0, n.length() - ".yaml".length()))
          .sorted()
          .toList()
          .stream();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list the chart values files", e);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  @DisplayName("our chart renders a values file as NVIDIA's does, but for the reviewed differences")
  void rendersAsNvidias(String caseId) {
    Path values = KIT.dir().resolve("chart-values").resolve(caseId + ".yaml");
    Path fixture = KIT.fixtures().dir().resolve("chart").resolve(caseId + ".yaml");
    if (Fixtures.updating()) {
      Path nvidia = Path.of(System.getProperty("gpu-dra.conformance.nvidia-chart", ""));
      assertThat(nvidia.resolve("Chart.yaml"))
          .as("-Dgpu-dra.conformance.nvidia-chart: NVIDIA's chart directory")
          .isRegularFile();
      KIT.fixtures().write(fixture, header(caseId), ChartDocument.of(render(nvidia, values)));
    }
    JsonNode expected = KIT.fixtures().read(fixture);
    Path ours = KIT.dir().getParent().resolve("deployments/helm/gpu-dra");

    List<Diff> diffs = Diff.between(expected, ChartDocument.of(render(ours, values)));

    assertThat(KIT.differences().unexplainedChart(caseId, diffs))
        .as("differences from %s not in differences.yaml", fixture)
        .isEmpty();
    KIT.usage().passed(caseId, KIT.differences().explainingChart(caseId, diffs));
  }

  /** {@code helm template nv <chart> -n nvidia-dra-driver-gpu --kube-version 1.37.0 -f values}. */
  private static String render(Path chart, Path values) {
    List<String> command =
        List.of(
            helm.toString(),
            "template",
            "nv",
            chart.toString(),
            "--namespace",
            NAMESPACE,
            "--kube-version",
            "1.37.0",
            "-f",
            values.toString());
    try {
      Process process = new ProcessBuilder(command).redirectErrorStream(false).start();
      process.getOutputStream().close();
      String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(process.waitFor()).as("%s: %s", String.join(" ", command), err).isZero();
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot run " + command, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted rendering " + chart, e);
    }
  }

  private static String header(String caseId) {
    return "NVIDIA's dra-driver-nvidia-gpu chart, kubernetes-sigs/dra-driver-nvidia-gpu "
        + NvidiaPeer.COMMIT
        + " (0.5 line),\n"
        + "rendered with conformance/chart-values/"
        + caseId
        + ".yaml (helm template, namespace "
        + NAMESPACE
        + ", Kubernetes 1.37),\n"
        + "projected by ChartDocument. Captured by NvidiaChartIT with"
        + " -Dgpu-dra.conformance.update=true.";
  }
}
