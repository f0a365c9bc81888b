package dev.gpudra.api.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.Toleration;
import io.fabric8.kubernetes.api.model.apiextensions.v1.JSONSchemaProps;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class RecordSchemasTest {
  enum Mode {
    @JsonProperty("on")
    ON,
    @JsonProperty("devtools")
    DEVTOOLS
  }

  record Image(String repository, @JsonProperty("image") @Pattern("[a-z]+") String name) {}

  record Component(
      @Required Boolean enabled,
      @JsonUnwrapped Image image,
      @JsonProperty("use_host") @Default("true") Boolean useHost,
      @Minimum(1) Integer replicas,
      Mode mode,
      IntOrString maxUnavailable,
      List<Toleration> tolerations,
      Map<String, String> labels) {}

  record Broken(Optional<String> value) {}

  record Loop(List<Loop> children) {}

  private final JSONSchemaProps component = new RecordSchemas().of(Component.class);

  @Test
  @DisplayName(
      "a record is an object of its components, unwrapped parts inlined, Jackson's names kept")
  void aRecordIsAnObjectOfItsComponentsWithUnwrappedPartsInlinedAndJacksonNames() {
    assertThat(component.getType()).isEqualTo("object");
    assertThat(component.getProperties())
        .containsOnlyKeys(
            "enabled",
            "repository",
            "image",
            "use_host",
            "replicas",
            "mode",
            "maxUnavailable",
            "tolerations",
            "labels");
    assertThat(component.getRequired()).containsExactly("enabled");
  }

  @Test
  @DisplayName("validation annotations become schema constraints")
  void annotationsBecomeConstraints() {
    Map<String, JSONSchemaProps> p = component.getProperties();
    assertThat(p.get("image").getPattern()).isEqualTo("[a-z]+");
    assertThat(p.get("use_host").getDefault()).isEqualTo(BooleanNode.TRUE);
    assertThat(p.get("replicas").getMinimum()).isEqualTo(1.0);
    assertThat(p.get("replicas").getFormat()).isEqualTo("int32");
    assertThat(p.get("mode").getEnum())
        .containsExactly(TextNode.valueOf("on"), TextNode.valueOf("devtools"));
  }

  @Test
  @DisplayName("Kubernetes types are described field by field")
  void kubernetesTypesAreDescribedFieldByField() {
    Map<String, JSONSchemaProps> p = component.getProperties();
    assertThat(p.get("maxUnavailable").getXKubernetesIntOrString()).isTrue();
    JSONSchemaProps toleration = p.get("tolerations").getItems().getSchema();
    assertThat(toleration.getProperties())
        .containsOnlyKeys("effect", "key", "operator", "tolerationSeconds", "value");
    assertThat(toleration.getProperties().get("tolerationSeconds").getFormat()).isEqualTo("int64");
    assertThat(p.get("labels").getAdditionalProperties().getSchema().getType()).isEqualTo("string");
  }

  @Test
  @DisplayName("a type without a schema, or one containing itself, is an error naming where it is")
  void aTypeWithoutASchemaIsAnErrorNamingWhereItIs() {
    assertThatThrownBy(() -> new RecordSchemas().of(Broken.class))
        .isInstanceOf(UnsupportedSchemaTypeException.class)
        .hasMessageContaining("Broken.value")
        .hasMessageContaining("java.util.Optional");
    assertThatThrownBy(() -> new RecordSchemas().of(Loop.class))
        .isInstanceOf(UnsupportedSchemaTypeException.class)
        .hasMessageContaining("contains itself");
  }
}
