package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.apiextensions.v1.JSONSchemaProps;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The paths of a document that its schema does not know, as strict field validation reports. */
final class SchemaWalk {
  private SchemaWalk() {}

  static List<String> unknownFields(JsonNode document, JSONSchemaProps schema) {
    List<String> unknown = new ArrayList<>();
    walk("", document, schema, unknown);
    return unknown;
  }

  private static void walk(String path, JsonNode node, JSONSchemaProps schema, List<String> out) {
    if (node.isArray() && schema.getItems() != null) {
      for (int i = 0; i < node.size(); i++) {
        walk(path + "[" + i + "]", node.get(i), schema.getItems().getSchema(), out);
      }
      return;
    }
    if (!node.isObject() || !"object".equals(schema.getType())) {
      return;
    }
    Map<String, JSONSchemaProps> properties = schema.getProperties();
    boolean open = schema.getAdditionalProperties() != null;
    for (Map.Entry<String, JsonNode> field : node.properties()) {
      String child = path.isEmpty() ? field.getKey() : path + "." + field.getKey();
      if ("metadata".equals(child)) {
        continue; // ObjectMeta: the API server's own schema, not the CRD's
      }
      if (properties != null && properties.containsKey(field.getKey())) {
        walk(child, field.getValue(), properties.get(field.getKey()), out);
      } else if (open) {
        walk(child, field.getValue(), schema.getAdditionalProperties().getSchema(), out);
      } else {
        out.add(child);
      }
    }
  }
}
