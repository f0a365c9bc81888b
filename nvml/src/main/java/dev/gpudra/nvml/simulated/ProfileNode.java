package dev.gpudra.nvml.simulated;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * A position in a profile's YAML tree: the node, its field path and the source it came from, so
 * that every error can say exactly where it is.
 */
record ProfileNode(String source, String path, JsonNode node) {

  static ProfileNode root(String source, JsonNode node) {
    return new ProfileNode(source, "", node);
  }

  InvalidProfileException fail(String problem) {
    return new InvalidProfileException(source, path, problem);
  }

  String childPath(String key) {
    return path.isEmpty() ? key : path + "." + key;
  }

  /** Rejects keys outside {@code allowed}; also rejects a node that is not a mapping. */
  void allowOnly(Set<String> allowed) {
    if (!node.isObject()) {
      throw fail("expected a mapping, got " + describe(node));
    }
    for (var entry : node.properties()) {
      String key = entry.getKey();
      if (!allowed.contains(key)) {
        throw new InvalidProfileException(
            source,
            childPath(key),
            "unknown key (allowed: " + String.join(", ", new TreeSet<>(allowed)) + ")");
      }
    }
  }

  Optional<ProfileNode> optional(String key) {
    JsonNode child = node.get(key);
    if (child == null || child.isNull()) {
      return Optional.empty();
    }
    return Optional.of(new ProfileNode(source, childPath(key), child));
  }

  ProfileNode required(String key) {
    return optional(key)
        .orElseThrow(() -> new InvalidProfileException(source, childPath(key), "missing"));
  }

  /** The elements of a list field; an absent field is an empty list. */
  List<ProfileNode> list(String key) {
    Optional<ProfileNode> field = optional(key);
    if (field.isEmpty()) {
      return List.of();
    }
    ProfileNode list = field.get();
    if (!list.node.isArray()) {
      throw list.fail("expected a list, got " + describe(list.node));
    }
    List<ProfileNode> items = new ArrayList<>();
    for (int i = 0; i < list.node.size(); i++) {
      items.add(new ProfileNode(source, list.path + "[" + i + "]", list.node.get(i)));
    }
    return items;
  }

  String text() {
    if (!node.isValueNode()) {
      throw fail("expected a string, got " + describe(node));
    }
    return node.asText();
  }

  long longValue() {
    if (!node.isIntegralNumber()) {
      throw fail("expected an integer, got " + describe(node));
    }
    return node.asLong();
  }

  int intValue() {
    long value = longValue();
    if (value < 0 || value > Integer.MAX_VALUE) {
      throw fail("expected a non-negative 32-bit integer, got " + value);
    }
    return (int) value;
  }

  /** Converts the text with {@code parser}, reporting its IllegalArgumentException here. */
  <T> T as(Function<String, T> parser) {
    String text = text();
    try {
      return parser.apply(text);
    } catch (IllegalArgumentException e) {
      throw fail(e.getMessage());
    }
  }

  private static String describe(JsonNode node) {
    if (node.isObject()) {
      return "a mapping";
    }
    if (node.isArray()) {
      return "a list";
    }
    return "'" + node.asText() + "'";
  }
}
