package dev.gpudra.api.computedomain;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.fabric8.kubernetes.api.model.apiextensions.v1.JSONSchemaProps;
import io.fabric8.kubernetes.api.model.apiextensions.v1.JSONSchemaPropsBuilder;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Small builders for the OpenAPI v3 schemas of the CRDs. */
final class SchemaParts {
  private SchemaParts() {}

  static JSONSchemaProps string(String description) {
    return new JSONSchemaPropsBuilder().withType("string").withDescription(description).build();
  }

  static JSONSchemaProps integer(String description) {
    return new JSONSchemaPropsBuilder().withType("integer").withDescription(description).build();
  }

  /** A non-negative integer that defaults to {@code 0}. */
  static JSONSchemaProps count(String description) {
    return new JSONSchemaPropsBuilder()
        .withType("integer")
        .withDescription(description)
        .withMinimum(0.0)
        .withDefault(IntNode.valueOf(0))
        .build();
  }

  /** A string of one of {@code values}, {@code fallback} when absent. */
  static JSONSchemaProps oneOf(String description, String fallback, String... values) {
    List<JsonNode> allowed =
        Arrays.stream(values).map(v -> (JsonNode) TextNode.valueOf(v)).toList();
    return new JSONSchemaPropsBuilder()
        .withType("string")
        .withDescription(description)
        .withEnum(allowed)
        .withDefault(TextNode.valueOf(fallback))
        .build();
  }

  /** An object with these properties, in this order, and these required. */
  static JSONSchemaProps object(
      String description, Map<String, JSONSchemaProps> properties, String... required) {
    JSONSchemaPropsBuilder builder =
        new JSONSchemaPropsBuilder()
            .withType("object")
            .withDescription(description)
            .withProperties(new LinkedHashMap<>(properties));
    if (required.length > 0) {
      builder.withRequired(List.of(required));
    }
    return builder.build();
  }

  /** A list of objects that the API server merges by {@code key} (server-side apply, patches). */
  static JSONSchemaProps listMap(String description, String key, JSONSchemaProps item) {
    return new JSONSchemaPropsBuilder()
        .withType("array")
        .withDescription(description)
        .withNewItems()
        .withSchema(item)
        .endItems()
        .withXKubernetesListType("map")
        .withXKubernetesListMapKeys(key)
        .build();
  }

  /** {@code metav1.Condition}, as every Kubernetes API writes its conditions. */
  static JSONSchemaProps condition() {
    Map<String, JSONSchemaProps> properties = new LinkedHashMap<>();
    properties.put("type", string("What the condition is about, in CamelCase."));
    properties.put(
        "status",
        new JSONSchemaPropsBuilder()
            .withType("string")
            .withDescription("True, False or Unknown.")
            .withEnum(
                TextNode.valueOf("True"), TextNode.valueOf("False"), TextNode.valueOf("Unknown"))
            .build());
    properties.put(
        "observedGeneration",
        new JSONSchemaPropsBuilder()
            .withType("integer")
            .withFormat("int64")
            .withMinimum(0.0)
            .withDescription("The spec generation the condition was set for.")
            .build());
    properties.put(
        "lastTransitionTime",
        new JSONSchemaPropsBuilder()
            .withType("string")
            .withFormat("date-time")
            .withDescription("When the status last changed.")
            .build());
    properties.put("reason", string("Why, in one CamelCase word."));
    properties.put("message", string("Why, for people."));
    return object(
        "One observation of the domain.",
        properties,
        "type",
        "status",
        "lastTransitionTime",
        "reason",
        "message");
  }
}
