package dev.gpudra.demo;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a container reads from its device metadata files (KEP-5304): each device they name, with its
 * attributes. The files hold one JSON object per line, one per API version, each naming the claim's
 * requests and their devices; every version names the same devices.
 *
 * @param devices each device's attributes as text, by {@code driver/pool/device}
 */
public record MetadataSeen(Map<String, Map<String, String>> devices) {
  public MetadataSeen {
    devices = Map.copyOf(devices);
  }

  /**
   * @param lines the files' lines, one file after another (as {@code cat} prints them)
   * @throws IllegalArgumentException naming the text that is not a stream of metadata objects
   */
  public static MetadataSeen parse(List<String> lines) {
    String text = String.join("\n", lines);
    Map<String, Map<String, String>> devices = new LinkedHashMap<>();
    for (JsonNode object : objects(text)) {
      if (!object.isObject() || !"DeviceMetadata".equals(object.path("kind").asText())) {
        throw new IllegalArgumentException(
            "not a DeviceMetadata object: " + head(object.toString()));
      }
      for (JsonNode request : object.path("requests")) {
        for (JsonNode device : request.path("devices")) {
          String key =
              device.path("driver").asText()
                  + "/"
                  + device.path("pool").asText()
                  + "/"
                  + device.path("name").asText();
          devices.put(key, attributes(device.path("attributes")));
        }
      }
    }
    return new MetadataSeen(devices);
  }

  private static List<JsonNode> objects(String text) {
    try (MappingIterator<JsonNode> values =
        new ObjectMapper().readerFor(JsonNode.class).readValues(text)) {
      return values.readAll();
    } catch (IOException e) {
      String why = e instanceof JsonProcessingException j ? j.getOriginalMessage() : e.getMessage();
      throw new IllegalArgumentException(
          "not a DeviceMetadata object (" + why + "): " + head(text), e);
    }
  }

  /** The start of a text, for a message. */
  private static String head(String text) {
    String line = text.strip().replace('\n', ' ');
    return line.length() <= 120 ? line : line.substring(0, 120) + "...";
  }

  /**
   * One line for a report: {@code metadata: gpu-2 uuid GPU-...; gpu-0-mig-1g.5gb-0 uuid MIG-...};
   * empty for no lines, the reason for lines that are not metadata.
   */
  public static String describe(List<String> lines) {
    if (lines.stream().allMatch(String::isBlank)) {
      return "";
    }
    try {
      return parse(lines).devices().entrySet().stream()
          .sorted(Map.Entry.comparingByKey())
          .map(e -> {
            String device = e.getKey().substring(e.getKey().lastIndexOf('/') + 1);
            String uuid = e.getValue().get("uuid");
            return uuid == null ? device : device + " uuid " + uuid;
          })
          .collect(java.util.stream.Collectors.joining("; ", "metadata: ", ""));
    } catch (IllegalArgumentException e) {
      return "metadata unreadable: " + e.getMessage();
    }
  }

  /** {@code {"uuid": {"string": "GPU-..."}, "index": {"int": 3}}} as {@code uuid=GPU-...}. */
  private static Map<String, String> attributes(JsonNode attributes) {
    Map<String, String> values = new LinkedHashMap<>();
    attributes
        .properties()
        .forEach(e -> {
          JsonNode typed = e.getValue();
          for (String type : List.of("string", "version", "int", "bool")) {
            if (typed.has(type)) {
              values.put(e.getKey(), typed.get(type).asText());
            }
          }
        });
    return values;
  }
}
