package dev.gpudra.api.clusterpolicy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gpudra.api.crds.ClusterPolicyCrds;
import io.fabric8.kubernetes.api.model.apiextensions.v1.JSONSchemaProps;
import java.io.IOException;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

class GpuClusterSamplesTest {
  private final JSONSchemaProps schema =
      ClusterPolicyCrds.gpuClusters()
          .getSpec()
          .getVersions()
          .getFirst()
          .getSchema()
          .getOpenAPIV3Schema();

  @ParameterizedTest(name = "{0}")
  @FieldSource("dev.gpudra.api.clusterpolicy.Samples#GPU_CLUSTERS")
  @DisplayName("every field of a GPUCluster written for NVIDIA's operator is known to the CRD")
  void everyFieldIsKnownToTheCrd(String name) {
    assertThat(SchemaWalk.unknownFields(Samples.gpuCluster(name), schema)).isEmpty();
  }

  @ParameterizedTest(name = "{0}")
  @FieldSource("dev.gpudra.api.clusterpolicy.Samples#GPU_CLUSTERS")
  @DisplayName("the types keep every field and value of a GPUCluster through a round trip")
  void theTypesKeepEveryFieldAndValue(String name) throws IOException {
    JsonNode tree = Samples.gpuCluster(name);

    JsonNode written = Samples.YAML.valueToTree(Samples.YAML.treeToValue(tree, GpuCluster.class));

    assertThat(written).isEqualTo(Samples.withoutNulls(tree));
  }

  @ParameterizedTest(name = "{0}")
  @FieldSource("dev.gpudra.api.clusterpolicy.Samples#GPU_CLUSTERS")
  @DisplayName("a misspelt key is unknown to the GPUCluster CRD by its path")
  void aMisspeltKeyIsUnknown(String name) {
    ObjectNode tree = (ObjectNode) Samples.gpuCluster(name);
    ((ObjectNode) tree.get("spec")).putObject("hostPath").put("rootFS", "/");

    assertThat(SchemaWalk.unknownFields(tree, schema)).containsExactly("spec.hostPath");
  }
}
