package dev.gpudra.chart;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The operator chart's default NVIDIADriver (templates/nvidiadriver.yaml), rendered with a real
 * helm: made from driver.* as NVIDIA's chart makes it when driver.nvidiaDriverCRD.enabled and
 * deployDefaultCR, with the ClusterPolicy's driver.useNvidiaDriverCRD; none otherwise. Needs a helm
 * binary: {@code -Dgpu-dra.helm=<path>}, the one e2e/node/build.sh caches under
 * e2e/node/bin/tools-*, or one on the PATH; skipped without one.
 */
class ChartNvidiaDriverTest {
  private static final Path CHART = Path.of("gpu-operator");
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  private static final String ENABLED = "driver: {nvidiaDriverCRD: {enabled: true}}\n";

  /** The default NVIDIADriver's spec fields NVIDIA's chart leaves out unless values set them. */
  private static final List<String> UNSET_BY_DEFAULT =
      List.of(
          "nodeSelector",
          "gds",
          "annotations",
          "labels",
          "imagePullSecrets",
          "livenessProbe",
          "readinessProbe",
          "repoConfig",
          "certConfig",
          "licensingConfig",
          "virtualTopologyConfig",
          "kernelModuleConfig",
          "secretEnv",
          "resources",
          "env",
          "args",
          "hostNetwork");

  private static Path helm;

  @TempDir Path dir;

  @BeforeAll
  static void findHelm() throws IOException {
    Optional<Path> found = helm();
    Assumptions.assumeTrue(
        found.isPresent(),
        "no helm binary (-Dgpu-dra.helm, e2e/node/bin/tools-*/helm or the PATH): chart render"
            + " tests skipped");
    helm = found.get();
  }

  @Test
  @DisplayName(
      "enabled: the ClusterPolicy leaves the driver to NVIDIADrivers and the chart renders the"
          + " default one from the driver's defaults, as NVIDIA's chart does")
  void enabledRendersTheDefaultNvidiaDriver() throws Exception {
    List<JsonNode> objects = render(ENABLED);

    assertThat(policy(objects).at("/spec/driver/useNvidiaDriverCRD").asBoolean()).isTrue();
    List<JsonNode> drivers = drivers(objects);
    assertThat(drivers).hasSize(1);
    JsonNode driver = drivers.getFirst();
    assertThat(driver.path("apiVersion").asText()).isEqualTo("nvidia.com/v1alpha1");
    assertThat(driver.at("/metadata/name").asText()).isEqualTo("default");
    assertThat(driver.at("/metadata/namespace").isMissingNode()).as("cluster-scoped").isTrue();
    JsonNode spec = driver.path("spec");
    assertThat(spec.path("default").asBoolean()).isTrue();
    assertThat(spec.path("driverType").asText()).isEqualTo("gpu");
    assertThat(spec.path("repository").asText()).isEqualTo("nvcr.io/nvidia");
    assertThat(spec.path("image").asText()).isEqualTo("driver");
    assertThat(spec.path("version").isTextual()).as("the version, quoted").isTrue();
    assertThat(spec.path("version").asText()).isEqualTo("595.91.07");
    assertThat(spec.path("imagePullPolicy").asText()).isEqualTo("IfNotPresent");
    assertThat(spec.path("kernelModuleType").asText()).isEqualTo("auto");
    assertThat(spec.path("usePrecompiled").isBoolean()).isTrue();
    assertThat(spec.path("usePrecompiled").asBoolean()).isFalse();
    assertThat(spec.path("tolerations"))
        .isEqualTo(tree("[{key: nvidia.com/gpu, operator: Exists, effect: NoSchedule}]"));
    assertThat(spec.at("/manager/image").asText()).isEqualTo("k8s-driver-manager");
    assertThat(spec.at("/manager/version").asText()).isEqualTo("v0.12.0");
    assertThat(spec.at("/startupProbe/failureThreshold").asInt()).isEqualTo(120);
    assertThat(spec.at("/upgradePolicy/autoUpgrade").asBoolean()).isTrue();
    assertThat(spec.at("/upgradePolicy/maxParallelUpgrades").asInt()).isEqualTo(1);
    assertThat(spec.at("/upgradePolicy/maxUnavailable").asText()).isEqualTo("25%");
    assertThat(spec.at("/upgradePolicy/podDeletion"))
        .isEqualTo(tree("{force: false, timeoutSeconds: 300, deleteEmptyDir: false}"));
    assertThat(spec.at("/upgradePolicy/gpuPodDeletion").isMissingNode()).isTrue();
    assertThat(spec.at("/upgradePolicy/drain"))
        .as("an empty podSelector left out, as NVIDIA's chart does")
        .isEqualTo(
            tree("{enable: false, force: false, timeoutSeconds: 300, deleteEmptyDir: false}"));
    assertThat(spec.at("/upgradePolicy/waitForCompletion")).isEqualTo(tree("{timeoutSeconds: 0}"));
    assertThat(spec.path("rdma")).isEqualTo(tree("{enabled: false, useHostMofed: false}"));
    assertThat(spec.path("gdrcopy"))
        .isEqualTo(
            tree(
                "{enabled: false, repository: nvcr.io/nvidia/cloud-native, image: gdrdrv,"
                    + " version: v2.6, imagePullPolicy: IfNotPresent}"));
    for (String unset : UNSET_BY_DEFAULT) {
      assertThat(spec.has(unset)).as("spec.%s, unset by default", unset).isFalse();
    }
    assertThat(undeclared(spec, crdSpec(), "spec")).as("fields the CRD does not declare").isEmpty();
  }

  @Test
  @DisplayName("every value NVIDIA's chart passes to the default NVIDIADriver reaches it")
  void everyValueReachesTheDefaultNvidiaDriver() throws Exception {
    JsonNode spec = drivers(render(resource("every-value.values.yaml"))).getFirst().path("spec");

    assertThat(spec).isEqualTo(tree(resource("every-value.spec.yaml")));
    assertThat(undeclared(spec, crdSpec(), "spec")).as("fields the CRD does not declare").isEmpty();
  }

  @Test
  @DisplayName("licensingConfig: a secretName, else the ConfigMap as its name; nlsEnabled true")
  void licensingFromAConfigMap() throws Exception {
    JsonNode spec =
        drivers(
                render(
                    "driver: {nvidiaDriverCRD: {enabled: true}, licensingConfig: {secretName: '',"
                        + " configMapName: licence, nlsEnabled: null}}\n"))
            .getFirst()
            .path("spec");
    assertThat(spec.path("licensingConfig")).isEqualTo(tree("{name: licence, nlsEnabled: true}"));
  }

  @Test
  @DisplayName(
      "deployDefaultCR false: the policy still leaves the driver to NVIDIADrivers, none made")
  void withoutTheDefaultCr() throws Exception {
    List<JsonNode> objects =
        render("driver: {nvidiaDriverCRD: {enabled: true, deployDefaultCR: false}}\n");
    assertThat(policy(objects).at("/spec/driver/useNvidiaDriverCRD").asBoolean()).isTrue();
    assertThat(drivers(objects)).isEmpty();
  }

  @Test
  @DisplayName("NVIDIADriver resources off (the default), or the driver off: none rendered")
  void disabledRendersNone() throws Exception {
    List<JsonNode> objects = render("{}\n");
    assertThat(policy(objects).at("/spec/driver/useNvidiaDriverCRD").isBoolean()).isTrue();
    assertThat(policy(objects).at("/spec/driver/useNvidiaDriverCRD").asBoolean()).isFalse();
    assertThat(drivers(objects)).isEmpty();
    assertThat(drivers(render("driver: {enabled: false, nvidiaDriverCRD: {enabled: true}}\n")))
        .isEmpty();
  }

  @Test
  @DisplayName(
      "driver.nvidiaDriverCRD.nodeSelector, which nothing uses (a default NVIDIADriver may not"
          + " have one), is refused by name")
  void nodeSelectorIsRefused() throws Exception {
    Result result = helm("driver: {nvidiaDriverCRD: {enabled: true, nodeSelector: {pool: gpu}}}\n");
    assertThat(result.exit()).isNotZero();
    assertThat(result.errors()).contains("driver.nvidiaDriverCRD.nodeSelector:");
  }

  /** The paths of the rendered value's fields that the CRD's schema does not declare. */
  private static List<String> undeclared(JsonNode value, JsonNode schema, String path) {
    List<String> out = new ArrayList<>();
    if (value.isObject() && schema.has("properties")) {
      for (Map.Entry<String, JsonNode> field : value.properties()) {
        JsonNode declared = schema.path("properties").path(field.getKey());
        if (declared.isMissingNode()) {
          out.add(path + "." + field.getKey());
        } else {
          out.addAll(undeclared(field.getValue(), declared, path + "." + field.getKey()));
        }
      }
    } else if (value.isArray() && schema.has("items")) {
      for (JsonNode item : value) {
        out.addAll(undeclared(item, schema.path("items"), path + "[]"));
      }
    }
    return out;
  }

  private static JsonNode crdSpec() throws IOException {
    JsonNode crd =
        YAML
            .readerFor(JsonNode.class)
            .<JsonNode>readValues(CHART.resolve("crds/nvidia.com_nvidiadrivers.yaml").toFile())
            .readAll()
            .stream()
            .filter(d -> d.path("kind").asText().equals("CustomResourceDefinition"))
            .findFirst()
            .orElseThrow();
    return crd.at("/spec/versions/0/schema/openAPIV3Schema/properties/spec");
  }

  /** A text under this class's {@code nvidia-driver/} test resources. */
  private static String resource(String name) throws IOException {
    try (var in = ChartNvidiaDriverTest.class.getResourceAsStream("nvidia-driver/" + name)) {
      if (in == null) {
        throw new IOException("no test resource nvidia-driver/" + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  private static JsonNode tree(String yaml) throws IOException {
    return YAML.readTree(yaml);
  }

  private static JsonNode policy(List<JsonNode> objects) {
    return objects.stream()
        .filter(o -> o.path("kind").asText().equals("ClusterPolicy"))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no ClusterPolicy rendered"));
  }

  private static List<JsonNode> drivers(List<JsonNode> objects) {
    return objects.stream().filter(o -> o.path("kind").asText().equals("NVIDIADriver")).toList();
  }

  private List<JsonNode> render(String values) throws Exception {
    Result result = helm(values);
    assertThat(result.exit()).as("helm template: %s", result.errors()).isZero();
    return YAML.readerFor(JsonNode.class).<JsonNode>readValues(result.output()).readAll().stream()
        .filter(d -> d != null && d.isObject() && d.has("kind"))
        .toList();
  }

  private record Result(int exit, String output, String errors) {}

  private Result helm(String values) throws Exception {
    Path file = Files.createTempFile(dir, "values", ".yaml");
    Files.writeString(file, values);
    Path output = dir.resolve("output");
    Path errors = dir.resolve("errors");
    Process process =
        new ProcessBuilder(
                helm.toString(),
                "template",
                "gpu-operator",
                CHART.toString(),
                "--namespace",
                "gpu-operator",
                "--kube-version",
                "1.35.0",
                "--api-versions",
                "resource.k8s.io/v1/DeviceClass",
                "-f",
                file.toString())
            .redirectOutput(output.toFile())
            .redirectError(errors.toFile())
            .start();
    if (!process.waitFor(2, TimeUnit.MINUTES)) {
      process.destroyForcibly();
      throw new AssertionError("helm template took over two minutes");
    }
    return new Result(
        process.exitValue(),
        Files.readString(output, StandardCharsets.UTF_8),
        Files.readString(errors, StandardCharsets.UTF_8));
  }

  /** The helm to render with, if any. */
  private static Optional<Path> helm() throws IOException {
    String property = System.getProperty("gpu-dra.helm");
    if (property != null && !property.isBlank()) {
      return Optional.of(Path.of(property));
    }
    Path tools = Path.of("../../e2e/node/bin");
    if (Files.isDirectory(tools)) {
      try (Stream<Path> dirs = Files.list(tools)) {
        Optional<Path> cached =
            dirs.filter(d -> d.getFileName().toString().startsWith("tools-"))
                .map(d -> d.resolve("helm"))
                .filter(Files::isExecutable)
                .max(Comparator.naturalOrder());
        if (cached.isPresent()) {
          return cached;
        }
      }
    }
    return Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
        .filter(p -> !p.isEmpty())
        .map(p -> Path.of(p, "helm"))
        .filter(Files::isExecutable)
        .findFirst();
  }
}
