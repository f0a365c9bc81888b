package dev.gpudra.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The table of what each key of NVIDIA's operator chart does in ours ({@code key-effects.yaml}):
 * its rules, the leaves of NVIDIA's values file they apply to, and the probe value each leaf is
 * rendered with.
 */
final class ChartKeyRules {
  static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  /**
   * @param key the leaf's path, one segment per key (a segment may hold dots)
   * @param nvidiaDefault NVIDIA's default
   */
  record Leaf(List<String> key, JsonNode nvidiaDefault) {
    String dotted() {
      return String.join(".", key);
    }
  }

  /** One rule of the table, as written. */
  record Rule(List<String> pattern, JsonNode spec) {
    /** The segments the pattern's wildcards matched, or null when it does not match. */
    List<String> match(List<String> key) {
      return match(pattern, key);
    }

    private static List<String> match(List<String> pattern, List<String> key) {
      if (pattern.isEmpty()) {
        return key.isEmpty() ? new ArrayList<>() : null;
      }
      String head = pattern.getFirst();
      if (head.equals("**")) {
        for (int i = 0; i <= key.size(); i++) {
          List<String> rest = match(pattern.subList(1, pattern.size()), key.subList(i, key.size()));
          if (rest != null) {
            List<String> out = new ArrayList<>(List.of(String.join(".", key.subList(0, i))));
            out.addAll(rest);
            return out;
          }
        }
        return null;
      }
      if (key.isEmpty() || !(head.equals("*") || head.equals(key.getFirst()))) {
        return null;
      }
      List<String> rest = match(pattern.subList(1, pattern.size()), key.subList(1, key.size()));
      if (rest != null && head.equals("*")) {
        rest.addFirst(key.getFirst());
      }
      return rest;
    }

    String text(String field) {
      return spec.path(field).isMissingNode() ? null : spec.path(field).asText();
    }
  }

  private final List<Rule> rules;

  private ChartKeyRules(List<Rule> rules) {
    this.rules = rules;
  }

  static ChartKeyRules read(Path file) throws IOException {
    List<Rule> rules = new ArrayList<>();
    for (JsonNode rule : YAML.readTree(file.toFile()).path("rules")) {
      rules.add(new Rule(Arrays.asList(rule.path("key").asText().split("\\.")), rule));
    }
    return new ChartKeyRules(rules);
  }

  /** The first rule that matches the leaf. */
  Rule ruleFor(Leaf leaf) {
    return rules.stream()
        .filter(r -> r.match(leaf.key()) != null)
        .findFirst()
        .orElseThrow(() -> new AssertionError("no rule for " + leaf.dotted()));
  }

  /** Every leaf of a values file: scalars, lists and empty maps. */
  static List<Leaf> leaves(JsonNode values) {
    List<Leaf> out = new ArrayList<>();
    collect(new ArrayList<>(), values, out);
    return out;
  }

  private static void collect(List<String> key, JsonNode node, List<Leaf> out) {
    if (node.isObject() && !node.isEmpty()) {
      for (Map.Entry<String, JsonNode> field : node.properties()) {
        List<String> next = new ArrayList<>(key);
        next.add(field.getKey());
        collect(next, field.getValue(), out);
      }
    } else {
      out.add(new Leaf(List.copyOf(key), node));
    }
  }

  /** The rule's probe, else one made from NVIDIA's default: flipped, one more, or another text. */
  static JsonNode probe(Rule rule, Leaf leaf) {
    if (rule.spec().has("probe")) {
      return rule.spec().get("probe");
    }
    JsonNode value = leaf.nvidiaDefault();
    if (value.isBoolean()) {
      return BooleanNode.valueOf(!value.asBoolean());
    }
    if (value.isInt()) {
      return IntNode.valueOf(value.asInt() + 1);
    }
    if (value.isTextual()) {
      return TextNode.valueOf("probe");
    }
    if (value.isObject() && value.isEmpty()) {
      return YAML.createObjectNode().put("example.com/probe", "probe");
    }
    throw new AssertionError(
        leaf.dotted() + ": key-effects.yaml must give a probe for a default of " + value);
  }

  /** {@code key: value} as a values document, with the rule's context. */
  static ObjectNode values(Rule rule, Leaf leaf, JsonNode value) {
    ObjectNode root =
        rule.spec().has("context")
            ? rule.spec().get("context").deepCopy()
            : YAML.createObjectNode();
    ObjectNode node = root;
    for (String segment : leaf.key().subList(0, leaf.key().size() - 1)) {
      node = node.has(segment) ? (ObjectNode) node.get(segment) : node.putObject(segment);
    }
    node.set(leaf.key().getLast(), value);
    return root;
  }

  /** A rule's path with its {@code *} filled by the segments the key's wildcards matched. */
  static String fill(String path, List<String> matched) {
    StringBuilder out = new StringBuilder();
    int next = 0;
    for (int i = 0; i < path.length(); i++) {
      char c = path.charAt(i);
      out.append(c == '*' && next < matched.size() ? matched.get(next++) : String.valueOf(c));
    }
    return out.toString();
  }
}
