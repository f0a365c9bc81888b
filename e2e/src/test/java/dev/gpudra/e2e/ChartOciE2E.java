package dev.gpudra.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.realcluster.node.Helm;
import dev.gpudra.realcluster.node.RealNodeUnavailableException;
import dev.gpudra.realcluster.registry.LoopbackRegistry;
import dev.gpudra.realcluster.registry.RegistryUnavailableException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Both charts travel as OCI artifacts through a real registry on loopback (the distribution
 * registry, built from its Go module), by helm's own commands as a maintainer and an admin run
 * them: {@code helm package}, {@code helm push oci://...}, then {@code helm show chart} and {@code
 * helm template} of {@code oci://...} at that version. No cluster.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ChartOciE2E {
  private Path dir;
  private Path helm;
  private LoopbackRegistry registry;

  @BeforeAll
  void start(@TempDir Path dir) throws IOException, InterruptedException {
    this.dir = dir;
    Path checkout = RealControlPlane.checkout();
    try {
      helm = Helm.locate(checkout, System.err::println);
      registry =
          LoopbackRegistry.start(
              LoopbackRegistry.locate(checkout, System.err::println), dir.resolve("registry"));
    } catch (RealNodeUnavailableException | RegistryUnavailableException e) {
      System.err.println("chart OCI E2E skipped: " + e.getMessage());
      Assumptions.abort(e.getMessage());
    }
  }

  @AfterAll
  void stop() throws InterruptedException {
    if (registry != null) {
      registry.close();
    }
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({
    // as docs/install.md and docs/operator.md install them
    "gpu-dra, kind: DaemonSet, --namespace=gpu-dra --set=gpuResourcesEnabledOverride=true",
    "gpu-operator, kind: ClusterPolicy, --namespace=gpu-operator"
  })
  @DisplayName("a chart is packaged, pushed to oci://, and installs from there at its version")
  void chartTravelsThroughTheRegistry(String chart, String renders, String settings)
      throws IOException, InterruptedException {
    Path checkout = RealControlPlane.checkout();
    String version = ChartVersions.of(checkout.resolve("deployments/helm/" + chart));
    Path packages = Files.createDirectories(dir.resolve("packages"));
    helm(
        "package",
        checkout.resolve("deployments/helm/" + chart).toString(),
        "-d",
        packages.toString());
    Path archive = packages.resolve(chart + "-" + version + ".tgz");
    assertThat(archive).exists();

    String repository = "oci://" + registry.host() + "/charts";
    String pushed = helm("push", archive.toString(), repository, "--plain-http");
    assertThat(pushed).contains("Digest: sha256:");

    String reference = repository + "/" + chart;
    assertThat(helm("show", "chart", reference, "--version", version, "--plain-http"))
        .contains("name: " + chart)
        .contains("version: " + version);
    List<String> template =
        new ArrayList<>(
            List.of(
                "template",
                "t",
                reference,
                "--version",
                version,
                "--plain-http",
                "--kube-version",
                "1.35.0"));
    template.addAll(List.of(settings.split(" ")));
    assertThat(helm(template.toArray(String[]::new))).contains(renders);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "gpu-dra, --namespace=gpu-dra --set=gpuResourcesEnabledOverride=true, image.digest, :",
    "gpu-operator, --namespace=gpu-operator, operator.version, ''"
  })
  @DisplayName(
      "by default a chart runs the image of its own version, the project's; a sha256 digest pins"
          + " it, and a malformed one is refused by its path")
  void theImageIsTheChartsVersionOrAPinnedDigest(
      String chart, String settings, String pin, String tagBeforeDigest)
      throws IOException, InterruptedException {
    Path checkout = RealControlPlane.checkout();
    String version = ChartVersions.of(checkout.resolve("deployments/helm/" + chart));
    String image = System.getProperty("gpu-dra.image.ref", "gpu-dra:e2e");
    assertThat(image).as("the image Jib builds").isEqualTo("gpu-dra:" + version);
    List<String> template =
        new ArrayList<>(
            List.of(
                "template",
                "t",
                checkout.resolve("deployments/helm/" + chart).toString(),
                "--kube-version",
                "1.35.0"));
    template.addAll(List.of(settings.split(" ")));
    assertThat(helm(template.toArray(String[]::new))).contains("image: \"" + image + "\"");

    String digest = "sha256:" + "0123456789abcdef".repeat(4);
    template.add("--set=" + pin + "=" + digest);
    String pinned = tagBeforeDigest.isEmpty() ? "gpu-dra@" + digest : image + "@" + digest;
    assertThat(helm(template.toArray(String[]::new)))
        .contains("image: \"" + pinned + "\"")
        .doesNotContain("image: \"" + image + "\"");
    if (chart.equals("gpu-dra")) {
      template.set(template.size() - 1, "--set=image.digest=sha256:0123");
      assertThat(helmFails(template.toArray(String[]::new)))
          .contains("/image/digest")
          .contains("does not match pattern");
    }
  }

  /** helm with its config, cache and registry login kept in the test's directory. */
  private String helm(String... args) throws IOException, InterruptedException {
    Process process = start(args);
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(120, TimeUnit.SECONDS))
        .as("helm %s finished", List.of(args))
        .isTrue();
    assertThat(process.exitValue()).as("helm %s: %s", List.of(args), output).isZero();
    return output;
  }

  /** helm that must fail; its output. */
  private String helmFails(String... args) throws IOException, InterruptedException {
    Process process = start(args);
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(process.exitValue()).as("helm %s: %s", List.of(args), output).isNotZero();
    return output;
  }

  private Process start(String... args) throws IOException {
    List<String> command = new ArrayList<>(List.of(helm.toString()));
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    Path home = dir.resolve("helm-home");
    Map<String, String> env = builder.environment();
    env.put("HELM_CONFIG_HOME", home.resolve("config").toString());
    env.put("HELM_CACHE_HOME", home.resolve("cache").toString());
    env.put("HELM_DATA_HOME", home.resolve("data").toString());
    env.put("HELM_REGISTRY_CONFIG", home.resolve("registry.json").toString());
    return builder.start();
  }
}
