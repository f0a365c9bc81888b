package dev.gpudra.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.gpudra.api.clusterpolicy.ClusterPolicy;
import dev.gpudra.api.clusterpolicy.ClusterPolicyStatus;
import dev.gpudra.api.clusterpolicy.GpuCluster;
import dev.gpudra.api.clusterpolicy.State;
import dev.gpudra.api.crds.ClusterPolicyCrds;
import dev.gpudra.api.nvidiadriver.NvidiaDriver;
import dev.gpudra.realcluster.controlplane.ControlPlaneProcess;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.FieldValidateable;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Our ClusterPolicy and GPUCluster CRDs (from the api module) in the real API server: NVIDIA's own
 * ClusterPolicies (the chart's default render, its variants, the OpenShift bundle's sample, the
 * v26.7.0 sample and render, the deprecated fields) and GPUClusters (the v26.7.0 sample and the
 * chart's render) pass strict field validation unchanged and keep every value; a misspelt key is
 * refused by its path; the status goes through its subresource.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ClusterPolicyApiE2E {
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  private ControlPlaneProcess controlPlane;
  private KubernetesClient client;

  @BeforeAll
  void start(@TempDir Path dir) throws InterruptedException {
    controlPlane =
        ControlPlaneProcess.start(
            RealControlPlane.binaryOrSkip(), dir.resolve("cp"), Duration.ofSeconds(120));
    client = controlPlane.client();
    CrdInstall.install(client, ClusterPolicyCrds.all());
  }

  @AfterAll
  void stop() {
    if (controlPlane != null) {
      controlPlane.close();
    }
  }

  @AfterEach
  void deletePolicies() {
    client.resources(ClusterPolicy.class).delete();
    client.resources(GpuCluster.class).delete();
    client.resources(NvidiaDriver.class).delete();
  }

  @Test
  @DisplayName(
      "NVIDIA's NVIDIADriver sample is accepted unchanged; a default with a nodeSelector and a"
          + " changed driverType are refused with NVIDIA's messages")
  void nvidiaDriverAsNvidiaWritesIt() throws IOException {
    JsonNode manifest;
    try (var in =
        java.nio.file.Files.newInputStream(
            RealControlPlane.checkout()
                .resolve("api/src/test/resources/nvidiadrivers/v26.7.0-sample.yaml"))) {
      manifest = YAML.readTree(in);
    }
    GenericKubernetesResource stored =
        client
            .resource(YAML.treeToValue(manifest, GenericKubernetesResource.class))
            .fieldValidation(FieldValidateable.Validation.STRICT)
            .create();
    assertContains(YAML.valueToTree(stored).get("spec"), manifest.get("spec"), "spec");
    NvidiaDriver read = client.resources(NvidiaDriver.class).withName("nvidiadriver-sample").get();
    assertThat(read.getSpec().kernelModuleType())
        .isEqualTo(dev.gpudra.api.clusterpolicy.KernelModuleType.AUTO);
    assertThat(read.getSpec().defaultDriver()).isFalse();

    assertThatThrownBy(() ->
            client
                .resources(NvidiaDriver.class)
                .withName("nvidiadriver-sample")
                .patch(
                    PatchContext.of(PatchType.JSON_MERGE), "{\"spec\":{\"driverType\":\"vgpu\"}}"))
        .hasMessageContaining("driverType is an immutable field");
    ObjectNode fallback = manifest.deepCopy();
    ((ObjectNode) fallback.get("metadata")).put("name", "fallback");
    ((ObjectNode) fallback.get("spec")).put("default", true);
    ((ObjectNode) fallback.get("spec")).putObject("nodeSelector").put("pool", "a");
    assertThatThrownBy(() ->
            client.resource(YAML.treeToValue(fallback, GenericKubernetesResource.class)).create())
        .hasMessageContaining("default NVIDIADriver must not use nodeSelector");
  }

  @Test
  @DisplayName(
      "a GPUCluster as NVIDIA's chart writes it is accepted; any name but gpu-cluster is not")
  void gpuClusterIsNvidiasSingleton() throws IOException {
    JsonNode manifest = gpuCluster();
    client
        .resource(YAML.treeToValue(manifest, GenericKubernetesResource.class))
        .fieldValidation(FieldValidateable.Validation.STRICT)
        .create();
    assertThat(
            client.resources(GpuCluster.class).withName("gpu-cluster").get().getSpec().draDriver())
        .extracting(d -> d.containerImage().reference().orElseThrow())
        .isEqualTo("nvcr.io/nvidia/dra-driver-nvidia-gpu:v0.5.0");

    ((ObjectNode) manifest.get("metadata")).put("name", "second");
    assertThatThrownBy(() ->
            client.resource(YAML.treeToValue(manifest, GenericKubernetesResource.class)).create())
        .isInstanceOf(KubernetesClientException.class)
        .hasMessageContaining("GPUCluster is a singleton, metadata.name must be 'gpu-cluster'");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "default",
        "preinstalled-driver",
        "preinstalled-driver-toolkit",
        "cdi-disabled",
        "mig-mixed",
        "time-slicing",
        "openshift-csv",
        "deprecated-fields",
        "dra-migration",
        "v26.7.0-default",
        "v26.7.0-sample"
      })
  @DisplayName(
      "NVIDIA's ClusterPolicy passes strict field validation unchanged and keeps its values")
  void nvidiasManifestIsAcceptedUnchanged(String sample) throws IOException {
    JsonNode manifest = sample(sample);

    GenericKubernetesResource stored =
        client
            .resource(YAML.treeToValue(manifest, GenericKubernetesResource.class))
            .fieldValidation(FieldValidateable.Validation.STRICT)
            .create();

    JsonNode back = YAML.valueToTree(stored);
    assertContains(back.get("spec"), manifest.get("spec"), "spec");
    ClusterPolicy typed =
        client
            .resources(ClusterPolicy.class)
            .withName(manifest.at("/metadata/name").asText())
            .get();
    assertThat(typed.getSpec().operator().defaultRuntime())
        .as("the CRD's default for a field NVIDIA's chart leaves out")
        .isNotNull();
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"gpu-cluster", "v26.7.0-sample", "v26.7.0-chart"})
  @DisplayName("NVIDIA's GPUCluster passes strict field validation unchanged and keeps its values")
  void nvidiasGpuClusterIsAcceptedUnchanged(String sample) throws IOException {
    JsonNode manifest = gpuCluster(sample);

    GenericKubernetesResource stored =
        client
            .resource(YAML.treeToValue(manifest, GenericKubernetesResource.class))
            .fieldValidation(FieldValidateable.Validation.STRICT)
            .create();

    assertContains(YAML.valueToTree(stored).get("spec"), manifest.get("spec"), "spec");
    GpuCluster typed = client.resources(GpuCluster.class).withName(GpuCluster.NAME).get();
    assertThat(typed.getSpec().draDriver()).isNotNull();
  }

  @Test
  @DisplayName("operator.metrics.serviceMonitor (NVIDIA's v26.7) is accepted with its values")
  void theOperatorsServiceMonitorIsAccepted() throws IOException {
    ObjectNode manifest = (ObjectNode) sample("v26.7.0-default");
    ((ObjectNode) manifest.get("spec").get("operator"))
        .set(
            "metrics",
            YAML.readTree(
                """
                serviceMonitor:
                  enabled: true
                  interval: 30s
                  scrapeTimeout: 10s
                  honorLabels: true
                  additionalLabels: {release: prometheus}
                  relabelings:
                  - action: HashMod
                    modulus: 4
                    sourceLabels: [__address__]
                    targetLabel: __tmp_hash
                    separator: ";"
                    regex: (.*)
                    replacement: $1
                """));

    GenericKubernetesResource stored =
        client
            .resource(YAML.treeToValue(manifest, GenericKubernetesResource.class))
            .fieldValidation(FieldValidateable.Validation.STRICT)
            .create();

    assertContains(YAML.valueToTree(stored).get("spec"), manifest.get("spec"), "spec");
  }

  @Test
  @DisplayName("a misspelt key is refused by its path, as with NVIDIA's CRD")
  void aMisspeltKeyIsRefused() throws IOException {
    ObjectNode manifest = (ObjectNode) sample("default");
    ((ObjectNode) manifest.get("spec").get("driver")).put("enabeld", false);

    assertThatThrownBy(() ->
            client
                .resource(YAML.treeToValue(manifest, GenericKubernetesResource.class))
                .fieldValidation(FieldValidateable.Validation.STRICT)
                .create())
        .isInstanceOf(KubernetesClientException.class)
        .hasMessageContaining("unknown field \"spec.driver.enabeld\"");
  }

  @Test
  @DisplayName("migration.draNodes: selected without a nodeSelector is refused by the CRD's rule")
  void selectedNodesNeedASelector() throws IOException {
    ObjectNode manifest = (ObjectNode) sample("dra-migration");
    ((ObjectNode) manifest.get("spec").get("migration")).remove("nodeSelector");

    assertThatThrownBy(() ->
            client.resource(YAML.treeToValue(manifest, GenericKubernetesResource.class)).create())
        .isInstanceOf(KubernetesClientException.class)
        .hasMessageContaining(
            "migration.nodeSelector is required with migration.draNodes: selected");
  }

  @Test
  @DisplayName("the status goes through its subresource: state, namespace and conditions")
  void statusThroughItsSubresource() throws IOException {
    client.resource(YAML.treeToValue(sample("default"), GenericKubernetesResource.class)).create();
    ClusterPolicy policy = client.resources(ClusterPolicy.class).withName("cluster-policy").get();
    policy.setStatus(new ClusterPolicyStatus(State.READY, "gpu-operator", List.of(), null));

    client.resources(ClusterPolicy.class).resource(policy).updateStatus();

    ClusterPolicyStatus status =
        client.resources(ClusterPolicy.class).withName("cluster-policy").get().getStatus();
    assertThat(status.state()).isEqualTo(State.READY);
    assertThat(status.namespace()).isEqualTo("gpu-operator");
  }

  private static JsonNode gpuCluster() throws IOException {
    return gpuCluster("gpu-cluster");
  }

  private static JsonNode gpuCluster(String name) throws IOException {
    return YAML.readTree(
        RealControlPlane.checkout()
            .resolve("api/src/test/resources/gpuclusters/" + name + ".yaml")
            .toFile());
  }

  private static JsonNode sample(String name) throws IOException {
    return YAML.readTree(
        RealControlPlane.checkout()
            .resolve("api/src/test/resources/clusterpolicies/" + name + ".yaml")
            .toFile());
  }

  /**
   * Every value of {@code expected} is in {@code actual} at the same path (defaults may add). A key
   * with no value (null, as in NVIDIA's sample) is no value: the API server drops it.
   */
  private static void assertContains(JsonNode actual, JsonNode expected, String path) {
    if (expected.isNull()) {
      return;
    }
    assertThat(actual).as(path).isNotNull();
    if (!expected.isObject()) {
      assertThat(actual).as(path).isEqualTo(expected);
      return;
    }
    Iterator<Map.Entry<String, JsonNode>> fields = expected.fields();
    while (fields.hasNext()) {
      Map.Entry<String, JsonNode> field = fields.next();
      assertContains(actual.get(field.getKey()), field.getValue(), path + "." + field.getKey());
    }
  }
}
