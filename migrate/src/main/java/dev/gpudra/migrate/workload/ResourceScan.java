package dev.gpudra.migrate.workload;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Finds resources anywhere in an object: the pod templates of kinds migrate does not know (a custom
 * resource's, a Deployment's at a path it does not expect) still ask for them.
 */
public final class ResourceScan {
  private ResourceScan() {}

  /**
   * Where each wanted resource is asked for, as {@code <path>: <resource>} with paths such as
   * {@code spec.template.spec.containers[0].resources.limits}, in the object's order.
   */
  public static List<String> find(JsonNode object, Predicate<String> wanted) {
    List<String> found = new ArrayList<>();
    walk(object, "", wanted, found);
    return found;
  }

  private static void walk(
      JsonNode node, String path, Predicate<String> wanted, List<String> found) {
    if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        walk(node.get(i), path + "[" + i + "]", wanted, found);
      }
      return;
    }
    for (Map.Entry<String, JsonNode> field : node.properties()) {
      String fieldPath = path.isEmpty() ? field.getKey() : path + "." + field.getKey();
      if (field.getKey().equals("resources")) {
        for (String map : List.of("limits", "requests")) {
          for (Map.Entry<String, JsonNode> resource : field.getValue().path(map).properties()) {
            if (wanted.test(resource.getKey())) {
              found.add(fieldPath + "." + map + ": " + resource.getKey());
            }
          }
        }
      }
      walk(field.getValue(), fieldPath, wanted, found);
    }
  }
}
