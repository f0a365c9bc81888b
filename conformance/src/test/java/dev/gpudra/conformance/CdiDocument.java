package dev.gpudra.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A node's CDI specs (or a checkpoint) as the fixtures hold them: one object by file name, each
 * file parsed (YAML or JSON), keys sorted, list order kept (it is the order a runtime applies), and
 * the run's own strings replaced by placeholders: the claim's UID, the node directory, the driver
 * root, the hook's path.
 */
final class CdiDocument {
  private static final YAMLMapper YAML = new YAMLMapper();
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  /**
   * Fields that differ from run to run whatever the plugin does: a checkpoint's checksums (over the
   * claim's UID) and the machine's boot ID.
   */
  private static final java.util.Set<String> VARYING = java.util.Set.of("checksum", "nodeBootID");

  private CdiDocument() {}

  /**
   * @param files file name to text
   * @param placeholders run strings to their placeholders, replaced longest first
   */
  static JsonNode of(Map<String, String> files, Map<String, String> placeholders) {
    List<Map.Entry<String, String>> order = new ArrayList<>(placeholders.entrySet());
    order.sort((a, b) -> b.getKey().length() - a.getKey().length());
    Map<String, JsonNode> sorted = new TreeMap<>();
    files.forEach((name, text) -> sorted.put(replace(name, order), normalize(parse(text), order)));
    ObjectNode document = NODES.objectNode();
    sorted.forEach(document::set);
    return SliceDocument.plain(document);
  }

  /** The run strings of one capture: what each placeholder stands for. */
  static Map<String, String> placeholders(
      String claimUid, java.nio.file.Path nodeDir, java.nio.file.Path driverRoot, String hook) {
    Map<String, String> map = new LinkedHashMap<>();
    map.put(claimUid, "<claim-uid>");
    map.put(nodeDir.toString(), "<node-dir>");
    map.put(driverRoot.toString(), "<driver-root>");
    map.put(hook, "<cdi-hook>");
    return map;
  }

  private static JsonNode parse(String text) {
    try {
      return YAML.readTree(text);
    } catch (IOException e) {
      throw new UncheckedIOException("not YAML or JSON: " + text.lines().findFirst().orElse(""), e);
    }
  }

  private static JsonNode normalize(JsonNode node, List<Map.Entry<String, String>> order) {
    if (node.isObject()) {
      Map<String, JsonNode> fields = new TreeMap<>();
      for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> field = it.next();
        JsonNode value =
            VARYING.contains(field.getKey())
                ? new TextNode("<" + field.getKey() + ">")
                : normalize(field.getValue(), order);
        fields.put(replace(field.getKey(), order), value);
      }
      ObjectNode out = NODES.objectNode();
      fields.forEach(out::set);
      return out;
    }
    if (node.isArray()) {
      ArrayNode out = NODES.arrayNode();
      node.forEach(e -> out.add(normalize(e, order)));
      return out;
    }
    return node.isTextual() ? new TextNode(replace(node.asText(), order)) : node;
  }

  private static String replace(String text, List<Map.Entry<String, String>> order) {
    String out = text;
    for (Map.Entry<String, String> e : order) {
      out = out.replace(e.getKey(), e.getValue());
    }
    return out;
  }
}
