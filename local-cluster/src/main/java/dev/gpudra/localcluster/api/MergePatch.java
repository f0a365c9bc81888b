package dev.gpudra.localcluster.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;

/**
 * A JSON merge patch as RFC 7386 and the API server apply it: objects merge key by key, a null
 * removes its key, anything else (a list included) replaces what was there. fabric8's mock merged
 * with Jackson's updating reader, which appends to lists and stores nulls: a status whose node list
 * shrank grew instead, and a patch that removed a clique entry added one.
 */
final class MergePatch {
  private MergePatch() {}

  static JsonNode apply(JsonNode target, JsonNode patch) {
    if (!patch.isObject()) {
      return patch.deepCopy();
    }
    ObjectNode result =
        target != null && target.isObject()
            ? ((ObjectNode) target).deepCopy()
            : JsonNodeFactory.instance.objectNode();
    for (Map.Entry<String, JsonNode> field : patch.properties()) {
      if (field.getValue().isNull()) {
        result.remove(field.getKey());
      } else {
        result.set(field.getKey(), apply(result.get(field.getKey()), field.getValue()));
      }
    }
    return result;
  }
}
