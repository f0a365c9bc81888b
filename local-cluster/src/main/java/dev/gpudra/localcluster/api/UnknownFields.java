package dev.gpudra.localcluster.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.KubernetesResource;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The fields of an object its schema does not declare, as the API server's {@code
 * fieldValidation=Strict} reports them ({@code spec.foo}, {@code spec.items[0].bar}). The schema is
 * the object's CRD when one is stored for its group and kind, else its fabric8 model class.
 */
final class UnknownFields {
  /**
   * Served kinds fabric8 7.7 has no model for, and a model of another version with their fields.
   */
  private static final Map<String, Class<?>> SAME_FIELDS =
      Map.of(
          "resource.k8s.io/v1 DeviceTaintRule",
          io.fabric8.kubernetes.api.model.resource.v1beta2.DeviceTaintRule.class);

  private final KubernetesSerialization serialization = new KubernetesSerialization();
  private final ObjectMapper mapper = new ObjectMapper();
  private final CustomResources customResources;

  UnknownFields(CustomResources customResources) {
    this.customResources = customResources;
  }

  /** The unknown fields of {@code object}; empty when no schema is known for its kind. */
  Optional<List<String>> of(JsonNode object) {
    return schema(object)
        .map(schema -> {
          List<String> unknown = new ArrayList<>();
          walk(object, schema, "", unknown);
          return unknown;
        });
  }

  private Optional<FieldSchema> schema(JsonNode object) {
    String apiVersion = object.path("apiVersion").asText("");
    String kind = object.path("kind").asText("");
    Optional<FieldSchema> custom =
        customResources
            .schema(apiVersion, kind)
            .map(s -> new FieldSchema.Structural(s, true, mapper));
    if (custom.isPresent()) {
      return custom;
    }
    Class<?> type =
        SAME_FIELDS.getOrDefault(
            apiVersion + " " + kind,
            serialization.unmarshal(object.toString(), KubernetesResource.class).getClass());
    return type == GenericKubernetesResource.class
        ? Optional.empty()
        : Optional.of(FieldSchema.Typed.of(type, mapper));
  }

  private static void walk(JsonNode value, FieldSchema schema, String path, List<String> unknown) {
    if (schema instanceof FieldSchema.Open) {
      return;
    }
    if (value.isObject()) {
      for (Map.Entry<String, JsonNode> field : value.properties()) {
        String at = path.isEmpty() ? field.getKey() : path + "." + field.getKey();
        Optional<FieldSchema> declared = schema.field(field.getKey());
        if (declared.isEmpty()) {
          unknown.add(at);
        } else {
          walk(field.getValue(), declared.get(), at, unknown);
        }
      }
    } else if (value.isArray()) {
      for (int i = 0; i < value.size(); i++) {
        walk(value.get(i), schema.item(), path + "[" + i + "]", unknown);
      }
    }
  }
}
