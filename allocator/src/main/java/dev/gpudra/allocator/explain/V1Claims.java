package dev.gpudra.allocator.explain;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimTemplate;
import java.util.List;
import java.util.Set;

/**
 * ResourceClaims and ResourceClaimTemplates of {@code resource.k8s.io/v1beta1} and {@code v1beta2}
 * as the API server stores them, in v1. v1beta2 has v1's shape. A v1beta1 request carries {@code
 * deviceClassName}, {@code selectors}, {@code allocationMode}, {@code count}, {@code adminAccess},
 * {@code tolerations} and {@code capacity} itself: they move under {@code exactly}, unless the
 * request lists {@code firstAvailable} (then it must set none of them).
 */
final class V1Claims {
  static final String GROUP = "resource.k8s.io/";
  private static final Set<String> OLDER = Set.of(GROUP + "v1beta1", GROUP + "v1beta2");
  private static final List<String> EXACT_FIELDS =
      List.of(
          "deviceClassName",
          "selectors",
          "allocationMode",
          "count",
          "adminAccess",
          "tolerations",
          "capacity");

  private final ObjectMapper json = new ObjectMapper();

  /** The object in v1 if it is an older claim or template; otherwise the object itself. */
  HasMetadata toV1(HasMetadata object) {
    String version = object.getApiVersion();
    String kind = object.getKind();
    if (!OLDER.contains(version)
        || !("ResourceClaim".equals(kind) || "ResourceClaimTemplate".equals(kind))) {
      return object;
    }
    ObjectNode tree = json.valueToTree(object);
    tree.put("apiVersion", GROUP + "v1");
    if (version.endsWith("v1beta1")) {
      JsonNode claimSpec =
          "ResourceClaim".equals(kind) ? tree.path("spec") : tree.path("spec").path("spec");
      String where = ObjectRef.of(object) + " (" + version + ")";
      for (JsonNode request : claimSpec.path("devices").path("requests")) {
        moveUnderExactly(where, (ObjectNode) request);
      }
    }
    Class<? extends HasMetadata> type =
        "ResourceClaim".equals(kind) ? ResourceClaim.class : ResourceClaimTemplate.class;
    return json.convertValue(tree, type);
  }

  private static void moveUnderExactly(String where, ObjectNode request) {
    JsonNode firstAvailable = request.path("firstAvailable");
    boolean alternatives = firstAvailable instanceof ArrayNode list && !list.isEmpty();
    ObjectNode exactly = request.objectNode();
    for (String field : EXACT_FIELDS) {
      JsonNode value = request.remove(field);
      if (value == null || value.isNull()) {
        continue;
      }
      if (alternatives) {
        throw new UnexplainableInputException(
            where
                + ": request "
                + request.path("name").asText()
                + " sets both firstAvailable and "
                + field
                + "; the API server refuses that");
      }
      exactly.set(field, value);
    }
    if (!alternatives) {
      request.remove("firstAvailable");
      request.set("exactly", exactly);
    }
  }
}
