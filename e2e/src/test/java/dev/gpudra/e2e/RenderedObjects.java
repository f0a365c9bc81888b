package dev.gpudra.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What helm rendered, as trees: found by kind and name, read along a path. */
record RenderedObjects(List<JsonNode> documents) {
  private static final Pattern SELECT = Pattern.compile("([^\\[]+)\\[([^\\]]+)]");

  static RenderedObjects parse(String rendered) throws IOException {
    List<JsonNode> documents = new ArrayList<>();
    for (JsonNode node :
        ChartKeyRules.YAML.readerFor(JsonNode.class).<JsonNode>readValues(rendered).readAll()) {
      if (node != null && node.has("kind")) {
        documents.add(node);
      }
    }
    return new RenderedObjects(documents);
  }

  /** {@code Kind/name}. */
  Optional<JsonNode> find(String kindAndName) {
    String[] parts = kindAndName.split("/", 2);
    return documents.stream()
        .filter(d -> d.path("kind").asText().equals(parts[0]))
        .filter(d -> d.path("metadata").path("name").asText().equals(parts[1]))
        .findFirst();
  }

  /**
   * The node at a dotted path; {@code list[name]} picks the element with that {@code name}. A key
   * that holds dots cannot be named this way.
   */
  static JsonNode at(JsonNode node, String path) {
    if (path.isEmpty()) {
      return node;
    }
    for (String segment : path.split("\\.")) {
      Matcher m = SELECT.matcher(segment);
      if (m.matches()) {
        JsonNode list = node.path(m.group(1));
        node = MissingNode.getInstance();
        for (JsonNode item : list) {
          if (item.path("name").asText().equals(m.group(2))) {
            node = item;
          }
        }
      } else {
        node = node.path(segment);
      }
    }
    return node;
  }

  /** Whether {@code actual} holds {@code expected}: maps and lists contain it, texts contain it. */
  static boolean holds(JsonNode actual, JsonNode expected) {
    if (expected.isObject()) {
      for (Map.Entry<String, JsonNode> field : expected.properties()) {
        if (!holds(actual.path(field.getKey()), field.getValue())) {
          return false;
        }
      }
      return actual.isObject();
    }
    if (expected.isArray()) {
      for (JsonNode item : expected) {
        boolean found = false;
        for (JsonNode candidate : actual) {
          found |= holds(candidate, item);
        }
        if (!found) {
          return false;
        }
      }
      return actual.isArray();
    }
    if (expected.isTextual() && actual.isTextual()) {
      return actual.asText().contains(expected.asText());
    }
    return actual.asText().equals(expected.asText()) && !actual.isMissingNode();
  }
}
