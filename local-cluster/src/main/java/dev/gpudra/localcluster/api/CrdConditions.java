package dev.gpudra.localcluster.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * A stored CRD's status as the API server sets it once its names are accepted: this server serves a
 * CRD from the moment it is stored, so it is at once {@code NamesAccepted} and {@code Established}
 * (what {@code kubectl wait --for=condition=Established} and Helm wait for), with {@code
 * acceptedNames} its {@code spec.names}.
 */
final class CrdConditions {
  private static final String KIND = "CustomResourceDefinition";

  private final ObjectMapper json = new ObjectMapper();

  /** {@code stored} with that status if it is a CRD without it; else {@code stored} itself. */
  String established(String stored, Instant now) {
    if (!stored.contains(KIND)) {
      return stored; // every write passes here: parse only what may be a CRD
    }
    JsonNode crd;
    try {
      crd = json.readTree(stored);
    } catch (JsonProcessingException e) {
      return stored; // fabric8 parsed it before handing it over: not reached
    }
    if (!KIND.equals(crd.path("kind").asText())
        || crd.path("status").path("conditions").size() > 0) {
      return stored;
    }
    ObjectNode status = ((ObjectNode) crd).putObject("status");
    status.set("acceptedNames", crd.path("spec").path("names").deepCopy());
    ArrayNode conditions = status.putArray("conditions");
    String time = now.truncatedTo(ChronoUnit.SECONDS).toString();
    for (String type : new String[] {"NamesAccepted", "Established"}) {
      conditions
          .addObject()
          .put("type", type)
          .put("status", "True")
          .put("lastTransitionTime", time)
          .put("reason", type.equals("Established") ? "InitialNamesAccepted" : "NoConflicts")
          .put("message", "served by the embedded API server from creation");
    }
    status.putArray("storedVersions");
    crd.path("spec")
        .path("versions")
        .forEach(v -> {
          if (v.path("storage").asBoolean(false)) {
            status.withArray("storedVersions").add(v.path("name").asText());
          }
        });
    return crd.toString();
  }
}
