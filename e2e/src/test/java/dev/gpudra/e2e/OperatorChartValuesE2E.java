package dev.gpudra.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gpudra.e2e.ChartKeyRules.Leaf;
import dev.gpudra.e2e.ChartKeyRules.Rule;
import dev.gpudra.realcluster.node.Helm;
import dev.gpudra.realcluster.node.RealNodeUnavailableException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every key of NVIDIA's gpu-operator chart (v26.7.0, its 294 leaves, kept as data in {@code
 * nvidia-gpu-operator/values-v26.7.0.yaml}) against our chart with a real helm: our default is
 * NVIDIA's (or differs for the reason {@code key-effects.yaml} gives), and a value other than the
 * default has the effect the table says, or fails the install naming the key. No key renders
 * unchanged.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class OperatorChartValuesE2E {
  private static final Path DATA =
      RealControlPlane.checkout().resolve("e2e/src/test/resources/nvidia-gpu-operator");

  private Helm helm;
  private Path chart;
  private Path dir;
  private List<Leaf> leaves;
  private ChartKeyRules rules;
  private JsonNode ours;
  private RenderedObjects defaults;

  @BeforeAll
  void start(@TempDir Path dir) throws InterruptedException, IOException {
    try {
      helm =
          new Helm(
              Helm.locate(RealControlPlane.checkout(), System.err::println),
              dir.resolve("no-kubeconfig"));
    } catch (RealNodeUnavailableException e) {
      System.err.println("operator chart values E2E skipped: " + e.getMessage());
      Assumptions.abort(e.getMessage());
    }
    this.dir = dir;
    chart = RealControlPlane.checkout().resolve("deployments/helm/gpu-operator");
    leaves =
        ChartKeyRules.leaves(
            ChartKeyRules.YAML.readTree(DATA.resolve("values-v26.7.0.yaml").toFile()));
    rules = ChartKeyRules.read(DATA.resolve("key-effects.yaml"));
    ours = ChartKeyRules.YAML.readTree(chart.resolve("values.yaml").toFile());
  }

  @Test
  @DisplayName("NVIDIA's 294 keys: each has NVIDIA's default in ours, or a reason it differs")
  void nvidiasDefaults() {
    assertThat(leaves).hasSize(294);
    List<String> problems = new ArrayList<>();
    for (Leaf leaf : leaves) {
      JsonNode mine = ours;
      for (String segment : leaf.key()) {
        mine = mine.path(segment);
      }
      String why = rules.ruleFor(leaf).text("default");
      boolean same = mine.equals(leaf.nvidiaDefault());
      if (!same && why == null) {
        problems.add(leaf.dotted() + ": ours " + mine + ", NVIDIA's " + leaf.nvidiaDefault());
      } else if (same && why != null) {
        problems.add(leaf.dotted() + ": the same as NVIDIA's, yet the table says it differs");
      }
    }
    assertThat(problems).isEmpty();
  }

  @Test
  @DisplayName(
      "NVIDIA's 294 keys: a value other than the default has the effect key-effects.yaml says, or"
          + " fails the install naming the key")
  void everyKeyHasItsEffect() {
    List<String> problems = new ArrayList<>();
    for (Leaf leaf : leaves) {
      Rule rule = rules.ruleFor(leaf);
      try {
        check(leaf, rule).ifPresent(p -> problems.add(leaf.dotted() + ": " + p));
      } catch (RuntimeException | AssertionError e) {
        problems.add(leaf.dotted() + ": " + e.getMessage());
      }
    }
    assertThat(problems).isEmpty();
  }

  private Optional<String> check(Leaf leaf, Rule rule) {
    JsonNode probe = ChartKeyRules.probe(rule, leaf);
    List<String> matched = rule.match(leaf.key());
    String refused = rule.text("refused");
    if (refused != null) {
      String failure = renderFailure(ChartKeyRules.values(rule, leaf, probe));
      return failure.contains(refused)
          ? Optional.empty()
          : Optional.of("expected the install to fail with \"" + refused + "\", got: " + failure);
    }
    RenderedObjects rendered = render(ChartKeyRules.values(rule, leaf, probe));
    if (rule.text("present") != null) {
      return rendered.find(rule.text("present")).isPresent()
          ? Optional.empty()
          : Optional.of(rule.text("present") + " is not rendered");
    }
    if (rule.text("changes") != null) {
      String target = rule.text("changes");
      Optional<JsonNode> now = rendered.find(target);
      return now.isPresent() && !now.equals(defaults().find(target))
          ? Optional.empty()
          : Optional.of(target + " renders as by default");
    }
    if (rule.text("absent") != null) {
      return rendered.find(rule.text("absent")).isEmpty()
          ? Optional.empty()
          : Optional.of(rule.text("absent") + " is still rendered");
    }
    JsonNode expected = rule.spec().has("expect") ? rule.spec().get("expect") : probe;
    if (rule.text("object") != null) {
      String[] target = rule.text("object").split(" ", 2);
      JsonNode object =
          rendered.find(target[0]).orElseThrow(() -> new AssertionError(target[0] + " missing"));
      JsonNode actual = RenderedObjects.at(object, ChartKeyRules.fill(target[1], matched));
      return RenderedObjects.holds(actual, expected)
          ? Optional.empty()
          : Optional.of(target[0] + " has " + actual + " at " + target[1] + ", not " + expected);
    }
    String path = rule.text("policy");
    String kind =
        rule.text("gpuCluster") != null ? "GPUCluster/gpu-cluster" : "ClusterPolicy/cluster-policy";
    if (rule.text("gpuCluster") != null) {
      path = rule.text("gpuCluster");
    }
    String at = path == null || path.isEmpty() ? leaf.dotted() : ChartKeyRules.fill(path, matched);
    JsonNode spec =
        rendered.find(kind).orElseThrow(() -> new AssertionError(kind + " missing")).path("spec");
    JsonNode actual = RenderedObjects.at(spec, at);
    boolean exact = !expected.isContainerNode();
    return (exact
            ? actual.asText().equals(expected.asText()) && !actual.isMissingNode()
            : RenderedObjects.holds(actual, expected))
        ? Optional.empty()
        : Optional.of(kind + " has " + actual + " at spec." + at + ", not " + expected);
  }

  /** The chart rendered with its defaults (once). */
  private RenderedObjects defaults() {
    if (defaults == null) {
      defaults = render(ChartKeyRules.YAML.createObjectNode());
    }
    return defaults;
  }

  private RenderedObjects render(ObjectNode values) {
    try {
      return RenderedObjects.parse(helm.run(template(values)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private String renderFailure(ObjectNode values) {
    try {
      helm.run(template(values));
      return "(it rendered)";
    } catch (RuntimeException e) {
      return e.getMessage();
    }
  }

  private String[] template(ObjectNode values) {
    Path file = dir.resolve("values.yaml");
    try {
      Files.writeString(file, ChartKeyRules.YAML.writeValueAsString(values));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new String[] {
      "template",
      "gpu-operator",
      chart.toString(),
      "--namespace",
      "gpu-operator",
      "--kube-version",
      "1.35.0",
      "--api-versions",
      "resource.k8s.io/v1/DeviceClass",
      "-f",
      file.toString()
    };
  }
}
