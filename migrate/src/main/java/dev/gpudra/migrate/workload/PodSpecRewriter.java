package dev.gpudra.migrate.workload;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * Swaps containers' device-plugin resources for claims in a pod spec, in place: the resources leave
 * {@code limits} and {@code requests} (a map left empty goes too), each claim joins the container's
 * {@code resources.claims} and the pod's {@code resourceClaims}, after the entries already there.
 */
public final class PodSpecRewriter {
  private PodSpecRewriter() {}

  /** Applies the edits to {@code podSpec}, which the caller owns (a copy of the input's). */
  public static void apply(ObjectNode podSpec, List<ContainerEdit> edits) {
    for (ContainerEdit edit : edits) {
      ObjectNode container = (ObjectNode) podSpec.path("containers").get(edit.index());
      ObjectNode resources = (ObjectNode) container.get("resources");
      for (String map : List.of("limits", "requests")) {
        if (resources.get(map) instanceof ObjectNode values) {
          edit.removedResources().forEach(values::remove);
          if (values.isEmpty()) {
            resources.remove(map);
          }
        }
      }
      edit.claim()
          .ifPresent(claim -> {
            array(resources, "claims").addObject().put("name", claim.name());
            array(podSpec, "resourceClaims")
                .addObject()
                .put("name", claim.name())
                .put("resourceClaimTemplateName", claim.templateName());
          });
    }
  }

  /** The names of the pod's claim entries already there. */
  public static List<String> podClaimNames(JsonNode podSpec) {
    return podSpec
        .path("resourceClaims")
        .valueStream()
        .map(entry -> entry.path("name").asText(""))
        .toList();
  }

  private static ArrayNode array(ObjectNode parent, String field) {
    return parent.get(field) instanceof ArrayNode existing ? existing : parent.putArray(field);
  }
}
