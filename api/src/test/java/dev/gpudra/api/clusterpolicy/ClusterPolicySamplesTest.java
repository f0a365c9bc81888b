package dev.gpudra.api.clusterpolicy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gpudra.api.crds.ClusterPolicyCrds;
import io.fabric8.kubernetes.api.model.apiextensions.v1.JSONSchemaProps;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

class ClusterPolicySamplesTest {
  private final JSONSchemaProps schema =
      ClusterPolicyCrds.clusterPolicies()
          .getSpec()
          .getVersions()
          .getFirst()
          .getSchema()
          .getOpenAPIV3Schema();

  @ParameterizedTest(name = "{0}")
  @DisplayName("every field of NVIDIA's sample ClusterPolicies is known to the CRD")
  @FieldSource("dev.gpudra.api.clusterpolicy.Samples#NAMES")
  void everyFieldOfNvidiasManifestsIsKnownToTheCrd(String name) {
    assertThat(SchemaWalk.unknownFields(Samples.tree(name), schema)).isEmpty();
  }

  @ParameterizedTest(name = "{0}")
  @DisplayName("the types keep every field and value of a sample through a round trip")
  @FieldSource("dev.gpudra.api.clusterpolicy.Samples#NAMES")
  void theTypesKeepEveryFieldAndValueThroughARoundTrip(String name) {
    JsonNode written = Samples.YAML.valueToTree(Samples.policy(name));

    assertThat(written).isEqualTo(Samples.withoutNulls(Samples.tree(name)));
  }

  @ParameterizedTest(name = "{0}")
  @DisplayName("a misspelt key is unknown to the CRD and named by its path")
  @FieldSource("dev.gpudra.api.clusterpolicy.Samples#NAMES")
  void aMisspeltKeyIsUnknownToTheCrdByItsPath(String name) {
    ObjectNode tree = (ObjectNode) Samples.tree(name);
    ((ObjectNode) tree.get("spec")).putObject("dirver").put("enabled", true);
    ((ObjectNode) tree.get("spec").get("operator")).put("runtimeclass", "nvidia");

    assertThat(SchemaWalk.unknownFields(tree, schema))
        .containsExactly("spec.operator.runtimeclass", "spec.dirver");
  }
}
