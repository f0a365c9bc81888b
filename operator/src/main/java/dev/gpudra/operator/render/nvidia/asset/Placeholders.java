package dev.gpudra.operator.render.nvidia.asset;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.rbac.ClusterRoleBinding;
import io.fabric8.kubernetes.api.model.rbac.RoleBinding;
import io.fabric8.kubernetes.api.model.rbac.Subject;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The value an operand resource holds where the operator decides: the namespace (filled on load)
 * and whatever the ClusterPolicy sets (filled by the operand's code). A render that leaves one is
 * refused, naming the field, so a transform that stops setting a value fails in tests instead of
 * shipping the marker to the API server.
 */
public final class Placeholders {
  /** What an operand resource holds where the operator fills the value. */
  public static final String MARKER = "(set by the operator)";

  private static final ObjectMapper JSON = new ObjectMapper();

  private Placeholders() {}

  /** Sets the namespace where the object's metadata or a binding's subject holds the marker. */
  static void fillNamespace(HasMetadata object, String namespace) {
    if (MARKER.equals(object.getMetadata().getNamespace())) {
      object.getMetadata().setNamespace(namespace);
    }
    List<Subject> subjects =
        switch (object) {
          case RoleBinding binding -> binding.getSubjects();
          case ClusterRoleBinding binding -> binding.getSubjects();
          default -> List.of();
        };
    for (Subject subject : subjects) {
      if (MARKER.equals(subject.getNamespace())) {
        subject.setNamespace(namespace);
      }
    }
  }

  /** The path of the first field of {@code object} still holding the marker; empty if none. */
  static Optional<String> firstLeft(HasMetadata object) {
    return firstLeft(JSON.valueToTree(object), "");
  }

  private static Optional<String> firstLeft(JsonNode node, String path) {
    if (node.isTextual() && MARKER.equals(node.textValue())) {
      return Optional.of(path);
    }
    if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        Optional<String> found = firstLeft(node.get(i), path + "[" + i + "]");
        if (found.isPresent()) {
          return found;
        }
      }
    }
    for (Map.Entry<String, JsonNode> field : node.properties()) {
      String child = path.isEmpty() ? field.getKey() : path + "." + field.getKey();
      Optional<String> found = firstLeft(field.getValue(), child);
      if (found.isPresent()) {
        return found;
      }
    }
    return Optional.empty();
  }
}
