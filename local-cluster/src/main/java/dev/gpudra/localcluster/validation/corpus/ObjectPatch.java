package dev.gpudra.localcluster.validation.corpus;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;

/**
 * JSON Patch (RFC 6902) {@code add}, {@code replace} and {@code remove} on a copy of an object,
 * with two conveniences for long values: {@code from} (a pointer into the object) instead of {@code
 * value}, and {@code repeat: N}, which makes a string value N times as long, or any other value a
 * list of N copies of it.
 */
final class ObjectPatch {
  private ObjectPatch() {}

  /** {@code object} with {@code ops} applied; {@code object} is not changed. */
  static JsonNode apply(JsonNode object, JsonNode ops, String where) {
    JsonNode result = object.deepCopy();
    for (JsonNode op : ops) {
      applyOne(result, op, where);
    }
    return result;
  }

  private static void applyOne(JsonNode root, JsonNode op, String where) {
    String kind = op.path("op").asText();
    String path = op.path("path").asText();
    int slash = path.lastIndexOf('/');
    if (!path.startsWith("/") || slash < 0) {
      throw new IllegalArgumentException(where + ": bad patch path '" + path + "'");
    }
    JsonNode parent = root.at(path.substring(0, slash));
    String key = path.substring(slash + 1).replace("~1", "/").replace("~0", "~");
    switch (kind) {
      case "add", "replace" -> put(parent, key, value(root, op, where), kind, where + " " + path);
      case "remove" -> remove(parent, key, where + " " + path);
      default -> throw new IllegalArgumentException(where + ": unknown patch op '" + kind + "'");
    }
  }

  private static JsonNode value(JsonNode root, JsonNode op, String where) {
    JsonNode value = op.has("from") ? root.at(op.get("from").asText()).deepCopy() : op.get("value");
    if (value == null || value.isMissingNode()) {
      throw new IllegalArgumentException(where + ": a patch op needs a value or from");
    }
    if (!op.has("repeat")) {
      return value;
    }
    int times = op.get("repeat").asInt();
    if (value.isTextual()) {
      return TextNode.valueOf(value.asText().repeat(times));
    }
    ArrayNode list = JsonNodeFactory.instance.arrayNode();
    for (int i = 0; i < times; i++) {
      list.add(value.deepCopy());
    }
    return list;
  }

  private static void put(JsonNode parent, String key, JsonNode value, String op, String at) {
    if (parent instanceof ObjectNode object) {
      object.set(key, value);
    } else if (parent instanceof ArrayNode list && key.equals("-")) {
      list.add(value);
    } else if (parent instanceof ArrayNode list) {
      int i = Integer.parseInt(key);
      if (op.equals("add")) {
        list.insert(i, value);
      } else {
        list.set(i, value);
      }
    } else {
      throw new IllegalArgumentException(at + ": no object or list to " + op + " into");
    }
  }

  private static void remove(JsonNode parent, String key, String at) {
    if (parent instanceof ObjectNode object && object.has(key)) {
      object.remove(key);
    } else if (parent instanceof ArrayNode list) {
      list.remove(Integer.parseInt(key));
    } else {
      throw new IllegalArgumentException(at + ": nothing to remove");
    }
  }
}
