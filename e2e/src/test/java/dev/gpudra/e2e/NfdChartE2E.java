package dev.gpudra.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.gpudra.realcluster.node.Helm;
import dev.gpudra.realcluster.node.RealNodeUnavailableException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

/**
 * The operator chart's NFD rendered by the real helm (no cluster): each of NVIDIA's
 * node-feature-discovery keys has NFD's chart's meaning, and any other key is refused by name.
 * {@code RealNodeNfdE2E} runs the defaults on the real node.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class NfdChartE2E {
  private static final String KEY = "node-feature-discovery.";
  private static final String FULL = "gpu-operator-node-feature-discovery";
  private static final String SA = "node-feature-discovery";

  private Helm helm;

  /** Rendered documents, found by kind and name. */
  record Rendered(List<JsonNode> documents) {
    JsonNode get(String kind, String name) {
      return documents.stream()
          .filter(d -> kind.equals(d.path("kind").asText()))
          .filter(d -> name.equals(d.path("metadata").path("name").asText()))
          .findFirst()
          .orElse(null);
    }

    List<String> names(String kind) {
      return documents.stream()
          .filter(d -> kind.equals(d.path("kind").asText()))
          .map(d -> d.path("metadata").path("name").asText())
          .toList();
    }

    JsonNode pod(String kind, String role) {
      return get(kind, FULL + "-" + role).path("spec").path("template").path("spec");
    }

    /** The NFD accounts the release makes (not the prune hook's, not the operator's). */
    List<String> accounts() {
      return documents.stream()
          .filter(d -> "ServiceAccount".equals(d.path("kind").asText()))
          .filter(d -> !d.path("metadata").path("annotations").has("helm.sh/hook"))
          .map(d -> d.path("metadata").path("name").asText())
          .filter(n -> !n.equals("gpu-operator"))
          .toList();
    }

    String config(String role) {
      return get("ConfigMap", FULL + "-" + role + "-conf")
          .path("data")
          .path("nfd-" + role + ".conf")
          .asText();
    }
  }

  /** Values set, and what the render must then show. */
  record Case(String name, List<String> values, Consumer<Rendered> check) {
    @Override
    public String toString() {
      return name;
    }
  }

  static final List<Case> MEANINGS =
      List.of(
          new Case(
              "NVIDIA's defaults",
              List.of(),
              r -> {
                assertThat(r.accounts()).containsExactly(SA);
                for (String[] pod :
                    new String[][] {
                      {"Deployment", "master"}, {"DaemonSet", "worker"}, {"Deployment", "gc"}
                    }) {
                  JsonNode spec = r.pod(pod[0], pod[1]);
                  assertThat(spec.path("serviceAccountName").asText()).isEqualTo(SA);
                  assertThat(spec.path("priorityClassName").asText())
                      .isEqualTo("system-node-critical");
                  assertThat(spec.path("containers").get(0).path("image").asText())
                      .isEqualTo("registry.k8s.io/nfd/node-feature-discovery:v0.19.0");
                }
                assertThat(r.config("master")).isEqualTo("extraLabelNs:\n- nvidia.com\n");
                assertThat(r.config("worker"))
                    .contains("deviceClassWhitelist:\n    - \"02\"\n    - \"0200\"\n    - \"0207\"")
                    .contains("deviceLabelFields:\n    - vendor");
                assertThat(r.pod("DaemonSet", "worker").path("tolerations").findValuesAsText("key"))
                    .containsExactly("node-role.kubernetes.io/control-plane", "nvidia.com/gpu");
                assertThat(r.get("Deployment", FULL + "-gc").path("spec").path("replicas").asInt())
                    .isOne();
                assertThat(
                        r.get("RoleBinding", FULL + "-worker")
                            .path("subjects")
                            .findValuesAsText("name"))
                    .containsExactly(SA);
                assertThat(r.get("Job", FULL + "-prune")).isNotNull();
                assertThat(r.names("NodeFeatureRule")).isEmpty();
              }),
          new Case(
              "nfd.enabled=false: no NFD",
              List.of("nfd.enabled=false"),
              r ->
                  assertThat(r.documents())
                      .noneMatch(d -> d.toString().contains("node-feature-discovery"))),
          new Case(
              "nfd.nodefeaturerules: NVIDIA's kernel-module rule",
              List.of("nfd.nodefeaturerules=true"),
              r ->
                  assertThat(
                          r.get("NodeFeatureRule", "nvidia-kernel-modules")
                              .path("spec")
                              .path("rules")
                              .findValuesAsText("nvidia.com/gdrcopy.capable"))
                      .containsExactly("true")),
          new Case(
              "gc.enable=false: no nfd-gc, nor its role",
              List.of(KEY + "gc.enable=false"),
              r -> {
                assertThat(r.get("Deployment", FULL + "-gc")).isNull();
                assertThat(r.get("ClusterRole", FULL + "-gc")).isNull();
              }),
          new Case(
              "gc.replicaCount",
              List.of(KEY + "gc.replicaCount=2"),
              r ->
                  assertThat(
                          r.get("Deployment", FULL + "-gc").path("spec").path("replicas").asInt())
                      .isEqualTo(2)),
          new Case(
              "priorityClassName on all three",
              List.of(KEY + "priorityClassName=nfd-high"),
              r -> {
                assertThat(r.pod("Deployment", "master").path("priorityClassName").asText())
                    .isEqualTo("nfd-high");
                assertThat(r.pod("DaemonSet", "worker").path("priorityClassName").asText())
                    .isEqualTo("nfd-high");
                assertThat(r.pod("Deployment", "gc").path("priorityClassName").asText())
                    .isEqualTo("nfd-high");
              }),
          new Case(
              "worker.serviceAccount create without a name: its own, NFD's chart's name",
              List.of(
                  KEY + "worker.serviceAccount.create=true",
                  KEY + "worker.serviceAccount.name=null"),
              r -> {
                assertThat(r.accounts()).containsExactlyInAnyOrder(SA, FULL + "-worker");
                assertThat(r.pod("DaemonSet", "worker").path("serviceAccountName").asText())
                    .isEqualTo(FULL + "-worker");
                assertThat(
                        r.get("RoleBinding", FULL + "-worker")
                            .path("subjects")
                            .findValuesAsText("name"))
                    .containsExactly(FULL + "-worker");
              }),
          new Case(
              "worker.serviceAccount create with the shared name: made once",
              List.of(KEY + "worker.serviceAccount.create=true"),
              r -> assertThat(r.accounts()).containsExactly(SA)),
          new Case(
              "master.serviceAccount.create=false: none made, the name still used",
              List.of(KEY + "master.serviceAccount.create=false"),
              r -> {
                assertThat(r.accounts()).isEmpty();
                assertThat(r.pod("Deployment", "master").path("serviceAccountName").asText())
                    .isEqualTo(SA);
              }),
          new Case(
              "gc.serviceAccount name removed, not created: the namespace's default",
              List.of(KEY + "gc.serviceAccount.name=null"),
              r ->
                  assertThat(r.pod("Deployment", "gc").path("serviceAccountName").asText())
                      .isEqualTo("default")),
          new Case(
              "master.config and worker.config are the daemons' files",
              List.of(
                  KEY + "master.config.noPublish=true",
                  KEY + "worker.config.core.sleepInterval=30s"),
              r -> {
                assertThat(r.config("master")).contains("noPublish: true").contains("- nvidia.com");
                assertThat(r.config("worker")).contains("core:\n  sleepInterval: 30s");
              }),
          new Case(
              "worker.tolerations",
              List.of(KEY + "worker.tolerations=null"),
              r -> assertThat(r.pod("DaemonSet", "worker").has("tolerations")).isFalse()));

  /** A value refused, and what the error names. */
  record Refused(String value, String named) {
    @Override
    public String toString() {
      return value;
    }
  }

  /** The chart's values.schema.json refuses them first, naming where and which key. */
  static final List<Refused> REFUSED =
      List.of(
          new Refused(
              KEY + "worker.extraArgs[0]=-v",
              "at '/node-feature-discovery/worker': additional properties 'extraArgs' not"
                  + " allowed"),
          new Refused(
              KEY + "image.tag=v0.18.0",
              "at '/node-feature-discovery': additional properties 'image' not allowed"),
          new Refused(
              KEY + "master.replicaCount=2",
              "at '/node-feature-discovery/master': additional properties 'replicaCount' not"
                  + " allowed"),
          new Refused(
              KEY + "topologyUpdater.enable=true",
              "at '/node-feature-discovery': additional properties 'topologyUpdater' not allowed"),
          new Refused(
              KEY + "gc.serviceAccount.annotations.a=b",
              "at '/node-feature-discovery/gc/serviceAccount': additional properties"
                  + " 'annotations' not allowed"),
          new Refused("nfd.enable=true", "at '/nfd': additional properties 'enable' not allowed"),
          new Refused(KEY + "gc.replicaCount=two", "at '/node-feature-discovery/gc/replicaCount'"),
          new Refused(KEY + "worker.config=x", "at '/node-feature-discovery/worker/config'"));

  @BeforeAll
  void start(@TempDir Path dir) throws InterruptedException {
    try {
      helm =
          new Helm(
              Helm.locate(RealControlPlane.checkout(), System.err::println), dir.resolve("none"));
    } catch (RealNodeUnavailableException e) {
      System.err.println("NFD chart E2E skipped: " + e.getMessage());
      Assumptions.abort(e.getMessage());
    }
  }

  @ParameterizedTest(name = "{0}")
  @FieldSource("MEANINGS")
  @DisplayName("each of NVIDIA's node-feature-discovery keys means what it means in NFD's chart")
  void meaning(Case c) throws IOException {
    c.check().accept(render(c.values()));
  }

  @ParameterizedTest(name = "{0}")
  @FieldSource("REFUSED")
  @DisplayName("any other nfd or node-feature-discovery key, or a value of the wrong kind, fails")
  void refused(Refused c) {
    assertThatThrownBy(() -> render(List.of(c.value()))).hasMessageContaining(c.named());
  }

  private Rendered render(List<String> values) throws IOException {
    List<String> args =
        new ArrayList<>(
            List.of(
                "template",
                "gpu-operator",
                RealControlPlane.checkout().resolve("deployments/helm/gpu-operator").toString(),
                "--namespace",
                "gpu-operator",
                "--kube-version",
                "1.35.0"));
    values.forEach(v -> args.addAll(List.of("--set", v)));
    String yaml = helm.run(args.toArray(String[]::new));
    List<JsonNode> documents = new ArrayList<>();
    new ObjectMapper(new YAMLFactory())
        .readerFor(JsonNode.class).<JsonNode>readValues(yaml).readAll().stream()
            .filter(d -> d != null && !d.isNull() && !d.isMissingNode())
            .forEach(documents::add);
    return new Rendered(documents);
  }
}
