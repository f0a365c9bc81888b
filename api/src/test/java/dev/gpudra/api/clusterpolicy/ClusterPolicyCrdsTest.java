package dev.gpudra.api.clusterpolicy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.TextNode;
import dev.gpudra.api.crds.ClusterPolicyCrds;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinitionVersion;
import io.fabric8.kubernetes.api.model.apiextensions.v1.JSONSchemaProps;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class ClusterPolicyCrdsTest {
  private final CustomResourceDefinition crd = ClusterPolicyCrds.clusterPolicies();
  private final CustomResourceDefinitionVersion v1 = crd.getSpec().getVersions().getFirst();
  private final JSONSchemaProps spec =
      v1.getSchema().getOpenAPIV3Schema().getProperties().get("spec");

  @Test
  @DisplayName("the CRD's name, scope, kinds, version, status subresource and columns are NVIDIA's")
  void namesScopeAndSubresourcesAreNvidias() {
    assertThat(crd.getMetadata().getName()).isEqualTo("clusterpolicies.nvidia.com");
    assertThat(crd.getSpec().getScope()).isEqualTo("Cluster");
    assertThat(crd.getSpec().getNames().getKind()).isEqualTo("ClusterPolicy");
    assertThat(crd.getSpec().getNames().getListKind()).isEqualTo("ClusterPolicyList");
    assertThat(crd.getSpec().getNames().getShortNames()).isNullOrEmpty();
    assertThat(v1.getName()).isEqualTo("v1");
    assertThat(v1.getSubresources().getStatus()).isNotNull();
    assertThat(v1.getAdditionalPrinterColumns())
        .extracting(c -> c.getName() + " " + c.getJsonPath())
        .containsExactly("Status .status.state", "Age .metadata.creationTimestamp");
  }

  @Test
  @DisplayName("the spec requires NVIDIA's keys and defaults them as NVIDIA's CRD does")
  void theSpecRequiresNvidiasKeysAndDefaultsAsNvidias() {
    assertThat(spec.getRequired())
        .containsExactlyInAnyOrder(
            "operator",
            "daemonsets",
            "driver",
            "toolkit",
            "devicePlugin",
            "dcgmExporter",
            "dcgm",
            "nodeStatusExporter",
            "gfd");
    JSONSchemaProps operator = spec.getProperties().get("operator");
    assertThat(operator.getRequired()).containsExactly("defaultRuntime");
    assertThat(operator.getProperties().get("defaultRuntime").getDefault())
        .isEqualTo(TextNode.valueOf("docker"));
    assertThat(operator.getProperties().get("runtimeClass").getDefault())
        .isEqualTo(TextNode.valueOf("nvidia"));
    assertThat(operator.getProperties()).containsKey("use_ocp_driver_toolkit");
    assertThat(
            spec.getProperties()
                .get("devicePlugin")
                .getProperties()
                .get("mps")
                .getProperties()
                .get("root")
                .getDefault())
        .isEqualTo(TextNode.valueOf("/run/nvidia/mps"));
  }

  @Test
  @DisplayName("enums and image patterns are NVIDIA's")
  void enumsAndImagePatternsAreNvidias() {
    assertThat(spec.getProperties().get("mig").getProperties().get("strategy").getEnum())
        .containsExactlyInAnyOrder(
            TextNode.valueOf("none"), TextNode.valueOf("single"), TextNode.valueOf("mixed"));
    assertThat(spec.getProperties().get("driver").getProperties().get("image").getPattern())
        .isEqualTo("[a-zA-Z0-9\\-]+");
    JSONSchemaProps state =
        v1.getSchema()
            .getOpenAPIV3Schema()
            .getProperties()
            .get("status")
            .getProperties()
            .get("state");
    assertThat(state.getEnum())
        .containsExactly(
            TextNode.valueOf("ignored"), TextNode.valueOf("ready"), TextNode.valueOf("notReady"));
  }

  @Test
  @DisplayName("draDriver and migration are our additions, with a GPUCluster's keys")
  void draDriverAndMigrationAreOurAdditionsWithGpuClustersKeys() {
    JSONSchemaProps dra = spec.getProperties().get("draDriver");
    assertThat(dra.getProperties()).containsKeys("image", "featureGates", "gpus", "computeDomains");
    assertThat(
            dra.getProperties()
                .get("gpus")
                .getProperties()
                .get("kubeletPlugin")
                .getProperties()
                .get("healthcheck")
                .getProperties()
                .get("port")
                .getMaximum())
        .isEqualTo(65535.0);
    JSONSchemaProps migration = spec.getProperties().get("migration");
    assertThat(migration.getProperties().get("draNodes").getDefault())
        .isEqualTo(TextNode.valueOf("all"));
    assertThat(migration.getProperties().get("nodeSelector").getProperties())
        .containsKeys("matchLabels", "matchExpressions");
    assertThat(migration.getXKubernetesValidations())
        .singleElement()
        .satisfies(r -> assertThat(r.getRule()).contains("has(self.nodeSelector)"));
  }

  @Test
  @DisplayName("a GPUCluster is NVIDIA's singleton CRD with its DRA driver spec")
  void aGpuClusterIsNvidiasSingletonWithItsDraDriver() {
    CustomResourceDefinition gpuClusters = ClusterPolicyCrds.gpuClusters();
    CustomResourceDefinitionVersion version = gpuClusters.getSpec().getVersions().getFirst();
    JSONSchemaProps root = version.getSchema().getOpenAPIV3Schema();

    assertThat(gpuClusters.getMetadata().getName()).isEqualTo("gpuclusters.nvidia.com");
    assertThat(gpuClusters.getSpec().getNames().getKind()).isEqualTo("GPUCluster");
    assertThat(gpuClusters.getSpec().getNames().getShortNames()).containsExactly("gc");
    assertThat(version.getName()).isEqualTo("v1alpha1");
    assertThat(root.getXKubernetesValidations())
        .singleElement()
        .satisfies(r -> assertThat(r.getRule()).isEqualTo("self.metadata.name == 'gpu-cluster'"));
    assertThat(root.getProperties().get("spec").getRequired()).containsExactly("draDriver");
    assertThat(SchemaWalk.unknownFields(Samples.gpuCluster(), root)).isEmpty();
  }
}
