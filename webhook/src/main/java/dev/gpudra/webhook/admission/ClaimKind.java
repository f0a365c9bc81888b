package dev.gpudra.webhook.admission;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.POJONode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The two resources whose specs carry device configs, and where: a claim's {@code spec}, a
 * template's {@code spec.spec}. The config entries have the same shape in {@code v1}, {@code
 * v1beta2} and {@code v1beta1}.
 */
enum ClaimKind {
  CLAIM("resourceclaims", "spec"),
  TEMPLATE("resourceclaimtemplates", "spec.spec");

  static final String GROUP = "resource.k8s.io";
  static final Set<String> VERSIONS = Set.of("v1", "v1beta2", "v1beta1");

  private final String resource;
  private final String specPath;

  ClaimKind(String resource, String specPath) {
    this.resource = resource;
    this.specPath = specPath;
  }

  /** The kind a review's resource is, if it is one this webhook judges. */
  static Optional<ClaimKind> of(ResourceRef ref) {
    if (!GROUP.equals(ref.group()) || !VERSIONS.contains(ref.version())) {
      return Optional.empty();
    }
    for (ClaimKind kind : values()) {
      if (kind.resource.equals(ref.resource())) {
        return Optional.of(kind);
      }
    }
    return Optional.empty();
  }

  /** The claim spec inside {@code object}; missing when the object has none. */
  JsonNode spec(JsonNode object) {
    if (!object.isObject()) {
      throw new MalformedObjectException(resource + ": the object is missing or not a JSON object");
    }
    JsonNode node = object;
    String walked = "";
    for (String field : specPath.split("\\.")) {
      walked = walked.isEmpty() ? field : walked + "." + field;
      node = node.path(field);
      if (!node.isMissingNode() && !node.isNull() && !node.isObject()) {
        throw new MalformedObjectException(resource + ": " + walked + " is not an object");
      }
    }
    return node;
  }

  /** The opaque entries of {@code spec.devices.config}, in list order. */
  List<OpaqueEntry> opaqueEntries(JsonNode object) {
    String configPath = specPath + ".devices.config";
    JsonNode devices = spec(object).path("devices");
    if (!devices.isMissingNode() && !devices.isNull() && !devices.isObject()) {
      throw new MalformedObjectException(resource + ": " + specPath + ".devices is not an object");
    }
    JsonNode configs = devices.path("config");
    if (configs.isMissingNode() || configs.isNull()) {
      return List.of();
    }
    if (!configs.isArray()) {
      throw new MalformedObjectException(resource + ": " + configPath + " is not a list");
    }
    List<OpaqueEntry> entries = new ArrayList<>();
    for (int i = 0; i < configs.size(); i++) {
      entry(configs.get(i), configPath + "[" + i + "]").ifPresent(entries::add);
    }
    return entries;
  }

  private Optional<OpaqueEntry> entry(JsonNode config, String path) {
    if (!config.isObject()) {
      throw new MalformedObjectException(resource + ": " + path + " is not an object");
    }
    JsonNode opaque = config.path("opaque");
    if (opaque.isMissingNode() || opaque.isNull()) {
      return Optional.empty();
    }
    if (!opaque.isObject()) {
      throw new MalformedObjectException(resource + ": " + path + ".opaque is not an object");
    }
    return Optional.of(
        new OpaqueEntry(
            path + ".opaque.parameters",
            opaque.path("driver").asText(""),
            parameters(opaque.get("parameters"))));
  }

  /** What {@link PrunedObjects} kept of {@code opaque.parameters}; null when absent. */
  private static RawParameters parameters(JsonNode kept) {
    if (kept instanceof POJONode pojo && pojo.getPojo() instanceof RawParameters raw) {
      return raw;
    }
    return kept == null ? null : RawParameters.of(kept.toString());
  }
}
