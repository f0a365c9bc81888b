package dev.gpudra.webhook.admission;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;

/** AdmissionReviews of claims and templates as the API server sends them, for the tests. */
final class Reviews {
  static final ObjectMapper JSON = new ObjectMapper();

  private Reviews() {}

  /** An opaque config entry of {@code driver} with {@code parameters} (JSON). */
  static ObjectNode opaque(String driver, String parameters) {
    ObjectNode entry = JSON.createObjectNode();
    entry.putArray("requests").add("gpu");
    ObjectNode opaque = entry.putObject("opaque");
    opaque.put("driver", driver);
    opaque.set("parameters", parse(parameters));
    return entry;
  }

  /** A ResourceClaim spec (v1 shape unless {@code v1beta1}) with these config entries. */
  static ObjectNode claimSpec(String version, JsonNode... configs) {
    ObjectNode spec = JSON.createObjectNode();
    ObjectNode devices = spec.putObject("devices");
    ObjectNode request = devices.putArray("requests").addObject().put("name", "gpu");
    if (version.equals("v1beta1")) {
      request.put("deviceClassName", "gpu.nvidia.com");
    } else {
      request.putObject("exactly").put("deviceClassName", "gpu.nvidia.com");
    }
    ArrayNode config = devices.putArray("config");
    for (JsonNode c : configs) {
      config.add(c);
    }
    return spec;
  }

  static ObjectNode claim(String version, JsonNode... configs) {
    ObjectNode claim = object("ResourceClaim", version);
    claim.set("spec", claimSpec(version, configs));
    return claim;
  }

  static ObjectNode template(String version, JsonNode... configs) {
    ObjectNode template = object("ResourceClaimTemplate", version);
    template.putObject("spec").set("spec", claimSpec(version, configs));
    return template;
  }

  private static ObjectNode object(String kind, String version) {
    ObjectNode object = JSON.createObjectNode();
    object.put("apiVersion", "resource.k8s.io/" + version);
    object.put("kind", kind);
    object.putObject("metadata").put("name", "c").put("namespace", "ns");
    return object;
  }

  /** The review of {@code operation} on {@code object} (null: none) of {@code resource}. */
  static ObjectNode review(String resource, String version, String operation, JsonNode object) {
    ObjectNode review = JSON.createObjectNode();
    review.put("apiVersion", "admission.k8s.io/v1");
    review.put("kind", "AdmissionReview");
    ObjectNode request = review.putObject("request");
    request.put("uid", "705ab4f5-6393-11e8-b7cc-42010a800002");
    request
        .putObject("resource")
        .put("group", "resource.k8s.io")
        .put("version", version)
        .put("resource", resource);
    request.put("operation", operation);
    request.put("namespace", "ns");
    request.put("name", "c");
    if (object != null) {
      request.set("object", object);
    }
    return review;
  }

  static ObjectNode createClaim(String version, JsonNode... configs) {
    return review("resourceclaims", version, "CREATE", claim(version, configs));
  }

  static byte[] bytes(JsonNode node) {
    return node.toString().getBytes(StandardCharsets.UTF_8);
  }

  static JsonNode parse(String json) {
    try {
      return JSON.readTree(json);
    } catch (java.io.IOException e) {
      throw new IllegalArgumentException(json, e);
    }
  }
}
