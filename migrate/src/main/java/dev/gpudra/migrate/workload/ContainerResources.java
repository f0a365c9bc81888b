package dev.gpudra.migrate.workload;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/** The resources of one container (or of any object with a {@code resources} field). */
public final class ContainerResources {
  private ContainerResources() {}

  /**
   * The entries whose name passes {@code wanted}, in the order {@code limits} and then {@code
   * requests} name them, each once with its limit and its request.
   */
  public static List<ResourceEntry> entries(JsonNode container, Predicate<String> wanted) {
    JsonNode limits = container.path("resources").path("limits");
    JsonNode requests = container.path("resources").path("requests");
    Set<String> names = new LinkedHashSet<>();
    for (JsonNode map : List.of(limits, requests)) {
      for (Map.Entry<String, JsonNode> entry : map.properties()) {
        if (wanted.test(entry.getKey())) {
          names.add(entry.getKey());
        }
      }
    }
    List<ResourceEntry> entries = new ArrayList<>();
    for (String name : names) {
      entries.add(
          new ResourceEntry(
              name,
              Optional.ofNullable(limits.get(name)),
              Optional.ofNullable(requests.get(name))));
    }
    return entries;
  }

  /** The container's name, or {@code #<index>} if it has none. */
  public static String name(JsonNode container, int index) {
    String name = container.path("name").asText("");
    return name.isEmpty() ? "#" + index : name;
  }
}
