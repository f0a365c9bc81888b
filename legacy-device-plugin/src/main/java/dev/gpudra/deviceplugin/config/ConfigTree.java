package dev.gpudra.deviceplugin.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gpudra.kit.text.GoBool;
import java.util.Map;
import java.util.TreeMap;

/**
 * The config as a JSON tree while it is assembled: the file's, then each env variable's and each
 * flag's value put at its field's path, then NVIDIA's defaults where nothing was given. Remembers
 * which source gave each field, so an error names the env variable or flag a bad value came from.
 */
final class ConfigTree {
  static final String VERSION = "v1";

  private final ObjectNode root;
  private final String fileSource;
  private final Map<String, String> sources = new TreeMap<>();

  private ConfigTree(ObjectNode root, String fileSource) {
    this.root = root;
    this.fileSource = fileSource;
  }

  /** No file: flags, env and defaults only. */
  static ConfigTree empty() {
    return new ConfigTree(
        JsonNodeFactory.instance.objectNode().put("version", VERSION), "defaults");
  }

  /**
   * @param text the file's YAML or JSON (empty: nothing set)
   * @param source the file, for messages
   */
  static ConfigTree parse(ObjectMapper yaml, String text, String source) {
    JsonNode node;
    try {
      node = text.isBlank() ? null : yaml.readTree(text);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new InvalidPluginConfigException(
          source + ": " + YamlSyntax.describe(e, "not YAML or JSON"), e);
    }
    if (node == null || node.isNull() || node.isMissingNode()) {
      return new ConfigTree(JsonNodeFactory.instance.objectNode().put("version", VERSION), source);
    }
    if (!node.isObject()) {
      throw new InvalidPluginConfigException(source + ": the config must be a mapping");
    }
    ObjectNode root = (ObjectNode) node;
    JsonNode version = root.get("version");
    if (version == null || version.isNull()) {
      root.put("version", VERSION);
    } else if (!VERSION.equals(version.asText())) {
      throw new InvalidPluginConfigException(
          source + ": version: unsupported version \"" + version.asText() + "\", want \"v1\"");
    }
    return new ConfigTree(root, source);
  }

  /** Puts a flag's or env variable's text at its setting's path. */
  void override(Setting setting, String text, String source) {
    JsonNode value =
        switch (setting.kind()) {
          case TEXT -> JsonNodeFactory.instance.textNode(text);
          case BOOL -> JsonNodeFactory.instance.booleanNode(bool(text, setting, source));
          case TEXT_LIST -> list(text, setting, source, false);
          case INT_LIST -> list(text, setting, source, true);
        };
    put(setting.path(), value);
    sources.put(setting.path(), source);
  }

  /** Sets {@code path} to {@code value} where the field is missing or null. */
  void defaultTo(String path, JsonNode value) {
    if (at(path).isMissingNode() || at(path).isNull()) {
      put(path, value);
    }
  }

  /** The node at a dotted path; a number steps into a list. */
  JsonNode at(String path) {
    JsonNode node = root;
    for (String part : path.split("\\.")) {
      node =
          node.isArray() && part.chars().allMatch(Character::isDigit)
              ? node.path(Integer.parseInt(part))
              : node.path(part);
    }
    return node;
  }

  ObjectNode root() {
    return root;
  }

  /**
   * Which source gave the field at {@code path} (or the object holding it): a flag, env or file.
   */
  String sourceOf(String path) {
    String best = fileSource;
    int length = -1;
    for (Map.Entry<String, String> e : sources.entrySet()) {
      boolean covers = path.equals(e.getKey()) || path.startsWith(e.getKey() + ".");
      if (covers && e.getKey().length() > length) {
        best = e.getValue();
        length = e.getKey().length();
      }
    }
    return best;
  }

  private void put(String path, JsonNode value) {
    int dot = path.lastIndexOf('.');
    JsonNode parent = dot < 0 ? root : at(path.substring(0, dot));
    if (parent.isObject()) {
      ((ObjectNode) parent).set(path.substring(dot + 1), value);
      return;
    }
    String[] parts = path.split("\\.");
    ObjectNode node = root;
    StringBuilder at = new StringBuilder();
    for (int i = 0; i < parts.length - 1; i++) {
      at.append(i == 0 ? "" : ".").append(parts[i]);
      JsonNode child = node.get(parts[i]);
      if (child == null || child.isNull()) {
        child = node.putObject(parts[i]);
      } else if (!child.isObject()) {
        throw new InvalidPluginConfigException(
            sourceOf(at.toString()) + ": " + at + ": wrong type: expected an object");
      }
      node = (ObjectNode) child;
    }
    node.set(parts[parts.length - 1], value);
  }

  private static boolean bool(String text, Setting setting, String source) {
    try {
      return GoBool.parse(text.strip());
    } catch (IllegalArgumentException e) {
      throw new InvalidPluginConfigException(
          source + " (" + setting.path() + "): " + e.getMessage());
    }
  }

  private static ArrayNode list(String text, Setting setting, String source, boolean integers) {
    ArrayNode list = JsonNodeFactory.instance.arrayNode();
    for (String item : text.split(",")) {
      String value = item.strip();
      if (value.isEmpty()) {
        continue;
      }
      if (!integers) {
        list.add(value);
        continue;
      }
      try {
        list.add(Integer.parseInt(value));
      } catch (NumberFormatException e) {
        throw new InvalidPluginConfigException(
            source + " (" + setting.path() + "): \"" + value + "\" is not an integer");
      }
    }
    return list;
  }
}
