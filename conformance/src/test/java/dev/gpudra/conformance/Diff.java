package dev.gpudra.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * One place where our output differs from NVIDIA's.
 *
 * @param path where, e.g. {@code [0].spec.devices[gpu-0].attributes.numa}: array elements with a
 *     {@code name} by that name, others by index
 * @param nvidia NVIDIA's value as JSON, or {@value #ABSENT}
 * @param ours ours as JSON, or {@value #ABSENT}
 */
record Diff(String path, String nvidia, String ours) {
  static final String ABSENT = "absent";

  @Override
  public String toString() {
    return path + ": NVIDIA's " + nvidia + ", ours " + ours;
  }

  /** Every leaf where the two trees differ, in document order. */
  static List<Diff> between(JsonNode nvidia, JsonNode ours) {
    List<Diff> diffs = new ArrayList<>();
    walk("", nvidia, ours, diffs);
    return diffs;
  }

  private static void walk(String path, JsonNode nvidia, JsonNode ours, List<Diff> diffs) {
    if (nvidia == null || ours == null || nvidia.getNodeType() != ours.getNodeType()) {
      diffs.add(new Diff(path, text(nvidia), text(ours)));
    } else if (nvidia.isObject()) {
      Set<String> keys = new LinkedHashSet<>();
      nvidia.fieldNames().forEachRemaining(keys::add);
      ours.fieldNames().forEachRemaining(keys::add);
      for (String key : keys) {
        walk(path.isEmpty() ? key : path + "." + key, nvidia.get(key), ours.get(key), diffs);
      }
    } else if (nvidia.isArray()) {
      elements(path, nvidia, ours, diffs);
    } else if (!nvidia.equals(ours)) {
      diffs.add(new Diff(path, text(nvidia), text(ours)));
    }
  }

  /** Named elements (devices) are paired by name, the rest by position. */
  private static void elements(String path, JsonNode nvidia, JsonNode ours, List<Diff> diffs) {
    Set<String> keys = new LinkedHashSet<>();
    nvidia.forEach(e -> keys.add(key(e, nvidia)));
    ours.forEach(e -> keys.add(key(e, ours)));
    for (String key : keys) {
      walk(path + "[" + key + "]", element(nvidia, key), element(ours, key), diffs);
    }
  }

  private static String key(JsonNode element, JsonNode array) {
    return element.hasNonNull("name") && element.get("name").isTextual()
        ? element.get("name").asText()
        : String.valueOf(indexOf(array, element));
  }

  private static int indexOf(JsonNode array, JsonNode element) {
    for (int i = 0; i < array.size(); i++) {
      if (array.get(i) == element) {
        return i;
      }
    }
    return -1;
  }

  private static JsonNode element(JsonNode array, String key) {
    for (int i = 0; i < array.size(); i++) {
      if (key(array.get(i), array).equals(key)) {
        return array.get(i);
      }
    }
    return null;
  }

  private static String text(JsonNode node) {
    return node == null ? ABSENT : node.toString();
  }
}
