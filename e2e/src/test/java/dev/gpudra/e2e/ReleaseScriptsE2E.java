package dev.gpudra.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.gpudra.realcluster.controlplane.BuildScript;
import dev.gpudra.realcluster.node.Helm;
import dev.gpudra.realcluster.node.RealNodeUnavailableException;
import dev.gpudra.realcluster.registry.LoopbackRegistry;
import dev.gpudra.realcluster.registry.RegistryUnavailableException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The release workflow's steps, run here as the workflow runs them, against the distribution
 * registry on loopback instead of ghcr.io: release/set-version.sh, notes.sh, login.sh,
 * push-image.sh (our image tar through {@code gpu-dra image push}), push-charts.sh (helm) and
 * sign.sh (cosign, with a key instead of Sigstore's keyless identity, which needs GitHub's OIDC).
 * The workflow itself passes actionlint and calls nothing but these scripts, CI's run and {@code gh
 * release}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ReleaseScriptsE2E {
  private static final Path WORKFLOW = Path.of(".github/workflows/release.yml");

  private Path checkout;
  private Path dir;
  private Path helm;
  private Path tools;
  private LoopbackRegistry registry;

  @BeforeAll
  void start(@TempDir Path dir) throws IOException, InterruptedException {
    this.dir = dir;
    checkout = RealControlPlane.checkout();
    try {
      helm = Helm.locate(checkout, System.err::println);
      tools =
          new BuildScript(checkout.resolve("e2e/node/release-tools.sh"), "cosign and actionlint")
              .run(System.err::println, RegistryUnavailableException::new);
      registry =
          LoopbackRegistry.start(
              LoopbackRegistry.locate(checkout, System.err::println), dir.resolve("registry"));
    } catch (RealNodeUnavailableException | RegistryUnavailableException e) {
      System.err.println("release scripts E2E skipped: " + e.getMessage());
      Assumptions.abort(e.getMessage());
    }
  }

  @AfterAll
  void stop() throws InterruptedException {
    if (registry != null) {
      registry.close();
    }
  }

  @Test
  @DisplayName(
      "the workflow passes actionlint, and each step runs a script of release/ that exists, CI's"
          + " run, or gh release")
  void theWorkflowIsCheckedAndCallsOnlyScripts() throws IOException, InterruptedException {
    Path workflow = checkout.resolve(WORKFLOW);
    run(Map.of(), tools.resolve("actionlint").toString(), workflow.toString());

    JsonNode steps =
        new ObjectMapper(new YAMLFactory()).readTree(workflow.toFile()).at("/jobs/release/steps");
    List<String> runs = new ArrayList<>();
    steps.forEach(step -> runs.add(step.path("run").asText("")));
    Pattern script = Pattern.compile("release/[a-z-]+\\.sh");
    int scripts = 0;
    for (String line : runs.stream().filter(r -> !r.isEmpty()).toList()) {
      Matcher m = script.matcher(line);
      boolean named = false;
      while (m.find()) {
        assertThat(checkout.resolve(m.group())).as(line).isExecutable();
        named = true;
        scripts++;
      }
      assertThat(named || line.contains("bash .ci/run") || line.startsWith("gh release create"))
          .as("a step that is neither a script of release/, CI's run nor gh release: %s", line)
          .isTrue();
    }
    assertThat(scripts).as("set-version, notes, login, push-image, push-charts, sign").isEqualTo(6);
  }

  @Test
  @DisplayName(
      "set-version.sh writes the version into every pom and both charts, and refuses a 'v' tag")
  void setVersionWritesEveryPomAndBothCharts() throws IOException, InterruptedException {
    Path copy = dir.resolve("tree");
    List<Path> poms;
    try (Stream<Path> files = Files.walk(checkout, 3)) {
      poms =
          files
              .filter(p -> p.getFileName().toString().equals("pom.xml"))
              .filter(p -> !p.toString().contains("/target/") && !p.toString().contains("/src/"))
              .toList();
    }
    for (Path pom : poms) {
      Path target = copy.resolve(checkout.relativize(pom));
      Files.createDirectories(target.getParent());
      Files.copy(pom, target);
    }
    for (String chart : List.of("gpu-dra", "gpu-operator")) {
      Path target = copy.resolve("deployments/helm/" + chart + "/Chart.yaml");
      Files.createDirectories(target.getParent());
      Files.copy(checkout.resolve("deployments/helm/" + chart + "/Chart.yaml"), target);
    }
    String old = ChartVersions.of(checkout.resolve("deployments/helm/gpu-dra"));
    Map<String, String> env = Map.of("ROOT", copy.toString());

    assertThat(runFails(env, script("set-version.sh"), "v1.2.3"))
        .contains("'v1.2.3' is not a version");
    assertThat(run(env, script("set-version.sh"), "1.2.3-rc.1"))
        .contains(old + " -> 1.2.3-rc.1 in " + poms.size() + " poms");
    for (Path pom : poms) {
      String text = Files.readString(copy.resolve(checkout.relativize(pom)));
      assertThat(text).as("%s", pom).contains("<version>1.2.3-rc.1</version>").doesNotContain(old);
    }
    for (String chart : List.of("gpu-dra", "gpu-operator")) {
      Path target = copy.resolve("deployments/helm/" + chart);
      assertThat(ChartVersions.of(target)).isEqualTo("1.2.3-rc.1");
      assertThat(Files.readString(target.resolve("Chart.yaml")))
          .contains("appVersion: \"1.2.3-rc.1\"");
    }
  }

  @Test
  @DisplayName("notes.sh prints the version's section of the changelog, and fails on a missing one")
  void notesAreTheVersionsSection() throws IOException, InterruptedException {
    Path changelog =
        Files.writeString(
            dir.resolve("CHANGELOG.md"),
            "# Changelog\n\n## [Unreleased]\n\n- next\n\n## [1.2.3] - 2026-12-06\n\n### Added\n\n"
                + "- a thing\n\n## [1.2.2]\n\n- older\n");
    Map<String, String> env = Map.of("CHANGELOG", changelog.toString());

    assertThat(run(env, script("notes.sh"), "1.2.3")).isEqualTo("### Added\n\n- a thing\n");
    assertThat(runFails(env, script("notes.sh"), "9.9.9")).contains("no section '## [9.9.9]'");
    assertThat(run(Map.of(), script("notes.sh"), "Unreleased")).contains("gpu-dra image push");
  }

  @Test
  @DisplayName(
      "the image and both charts are pushed by the release scripts, the charts naming the released"
          + " image; all are signed by digest, and the signatures verify with the key and not with"
          + " another")
  void imageAndChartsArePushedAndSigned() throws IOException, InterruptedException {
    Path dist = dir.resolve("dist");
    String version = ChartVersions.of(checkout.resolve("deployments/helm/gpu-dra"));
    Map<String, String> env = new HashMap<>(helmHome());
    env.putAll(
        Map.of(
            "DIST", dist.toString(),
            "TAR", System.getProperty("gpu-dra.image.tar", "no-image.tar"),
            "INSECURE", "1",
            "PLAIN_HTTP", "1",
            "HELM", helm.toString(),
            "COSIGN", tools.resolve("cosign").toString()));

    run(env, script("push-image.sh"), registry.host() + "/gpu-dra", version);
    Map<String, String> chartEnv = new HashMap<>(env);
    chartEnv.put("IMAGE", registry.host() + "/team/gpu-dra");
    run(chartEnv, script("push-charts.sh"), "oci://" + registry.host() + "/charts");
    String image = Files.readString(dist.resolve("image.ref")).strip();
    List<String> charts = Files.readAllLines(dist.resolve("charts.ref"));
    assertThat(image).startsWith(registry.host() + "/gpu-dra:" + version + "@sha256:");
    assertThat(charts)
        .hasSize(2)
        .allMatch(c -> c.startsWith(registry.host() + "/charts/gpu-"))
        .allMatch(c -> c.contains(":" + version + "@sha256:"));

    releasedChartsRunTheReleasedImage(env, version);
    assertThat(Files.readString(checkout.resolve("deployments/helm/gpu-dra/values.yaml")))
        .as("the checkout's chart is left as it was")
        .contains("  repository: gpu-dra\n");

    Path keys = Files.createDirectories(dir.resolve("keys"));
    Map<String, String> cosign = new HashMap<>(env);
    cosign.put("COSIGN_PASSWORD", "");
    cosign.put("DOCKER_CONFIG", dir.resolve("docker").toString());
    for (String name : List.of("release", "other")) {
      run(
          cosign,
          tools.resolve("cosign").toString(),
          "generate-key-pair",
          "--output-key-prefix",
          keys.resolve(name).toString());
    }
    cosign.put("COSIGN_KEY", keys.resolve("release.key").toString());
    String signed =
        run(
            cosign,
            script("sign.sh"),
            dist.resolve("image.ref").toString(),
            dist.resolve("charts.ref").toString());
    assertThat(signed.lines()).hasSize(3);
    for (String ref : Stream.concat(Stream.of(image), charts.stream()).toList()) {
      assertThat(verify(cosign, keys.resolve("release.pub"), ref, true))
          .contains("\"docker-manifest-digest\":\"" + ref.substring(ref.indexOf('@') + 1) + "\"");
      verify(cosign, keys.resolve("other.pub"), ref, false);
    }
  }

  /** Each pulled chart, rendered with its defaults, runs the image the release pushed. */
  private void releasedChartsRunTheReleasedImage(Map<String, String> env, String version)
      throws IOException, InterruptedException {
    for (String chart : List.of("gpu-dra", "gpu-operator")) {
      List<String> template =
          new ArrayList<>(
              List.of(
                  helm.toString(),
                  "template",
                  "t",
                  "oci://" + registry.host() + "/charts/" + chart,
                  "--version",
                  version,
                  "--plain-http",
                  "--kube-version",
                  "1.35.0",
                  "--namespace",
                  chart));
      if (chart.equals("gpu-dra")) {
        template.addAll(List.of("--set", "gpuResourcesEnabledOverride=true"));
      }
      assertThat(run(env, template.toArray(String[]::new)))
          .as("the released %s runs the released image by default", chart)
          .contains("image: \"" + registry.host() + "/team/gpu-dra:" + version + "\"");
    }
  }

  @Test
  @DisplayName("login.sh logs helm and cosign in with the two variables gpu-dra image push reads")
  void loginLogsHelmAndCosignIn() throws IOException, InterruptedException {
    Map<String, String> env = new HashMap<>(helmHome());
    env.putAll(
        Map.of(
            "HELM",
            helm.toString(),
            "COSIGN",
            tools.resolve("cosign").toString(),
            "INSECURE",
            "1",
            "DOCKER_CONFIG",
            dir.resolve("docker-login").toString(),
            "GPU_DRA_REGISTRY_USERNAME",
            "releaser",
            "GPU_DRA_REGISTRY_PASSWORD",
            "s3cret"));

    assertThat(runFails(Map.of("HELM", helm.toString()), script("login.sh"), registry.host()))
        .contains("set GPU_DRA_REGISTRY_USERNAME");
    run(env, script("login.sh"), registry.host());
    assertThat(Files.readString(dir.resolve("docker-login/config.json"))).contains(registry.host());
    assertThat(Files.readString(Path.of(env.get("HELM_REGISTRY_CONFIG"))))
        .contains(registry.host());
  }

  private String verify(Map<String, String> env, Path key, String ref, boolean valid)
      throws IOException, InterruptedException {
    String[] command = {
      tools.resolve("cosign").toString(),
      "verify",
      "--key",
      key.toString(),
      "--insecure-ignore-tlog=true",
      "--allow-insecure-registry",
      "--allow-http-registry",
      ref
    };
    return valid ? run(env, command) : runFails(env, command);
  }

  private Map<String, String> helmHome() {
    Path home = dir.resolve("helm-home");
    return Map.of(
        "HELM_CONFIG_HOME", home.resolve("config").toString(),
        "HELM_CACHE_HOME", home.resolve("cache").toString(),
        "HELM_DATA_HOME", home.resolve("data").toString(),
        "HELM_REGISTRY_CONFIG", home.resolve("registry.json").toString());
  }

  private String script(String name) {
    return checkout.resolve("release/" + name).toString();
  }

  private String run(Map<String, String> env, String... command)
      throws IOException, InterruptedException {
    Result result = exec(env, command);
    assertThat(result.exit()).as("%s: %s", List.of(command), result.output()).isZero();
    return result.stdout();
  }

  private String runFails(Map<String, String> env, String... command)
      throws IOException, InterruptedException {
    Result result = exec(env, command);
    assertThat(result.exit()).as("%s: %s", List.of(command), result.output()).isNotZero();
    return result.output();
  }

  private record Result(int exit, String stdout, String output) {}

  private Result exec(Map<String, String> env, String... command)
      throws IOException, InterruptedException {
    Path err = Files.createTempFile(dir, "stderr", ".log");
    ProcessBuilder builder = new ProcessBuilder(command).redirectError(err.toFile());
    builder.environment().putAll(env);
    Process process = builder.start();
    process.getOutputStream().close();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(5, TimeUnit.MINUTES)).as("%s finished", List.of(command)).isTrue();
    return new Result(process.exitValue(), out, out + Files.readString(err));
  }
}
