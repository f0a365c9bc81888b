package dev.gpudra.localcluster.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gpudra.localcluster.api.ApiResource.Scope;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The resources the stored apiextensions.k8s.io/v1 CustomResourceDefinitions declare: each served
 * version of each CRD, with its scope, short names and structural schema. Read from the store on
 * each call, so a CRD is served from the moment it is created until it is deleted.
 */
final class CustomResources {
  /** One served version of one CRD. */
  record Served(ApiResource resource, JsonNode schema) {}

  private final Supplier<List<String>> storedCrds;
  private final ObjectMapper json = new ObjectMapper();

  /**
   * @param storedCrds the stored CRDs, as JSON
   */
  CustomResources(Supplier<List<String>> storedCrds) {
    this.storedCrds = storedCrds;
  }

  /** Every served version of every stored CRD. */
  List<Served> served() {
    List<Served> served = new ArrayList<>();
    for (String crd : storedCrds.get()) {
      served.addAll(versions(crd));
    }
    return served;
  }

  List<ApiResource> resources() {
    return served().stream().map(Served::resource).toList();
  }

  /** The schema of {@code apiVersion}'s {@code kind}, if a stored CRD serves it. */
  Optional<JsonNode> schema(String apiVersion, String kind) {
    return served().stream()
        .filter(s -> s.resource().groupVersion().equals(apiVersion))
        .filter(s -> s.resource().kind().equals(kind))
        .map(Served::schema)
        .findFirst();
  }

  private List<Served> versions(String stored) {
    JsonNode spec;
    try {
      spec = json.readTree(stored).path("spec");
    } catch (JsonProcessingException e) {
      return List.of(); // the store holds only what parsed as JSON when it was written
    }
    JsonNode names = spec.path("names");
    Scope scope = "Cluster".equals(spec.path("scope").asText()) ? Scope.CLUSTER : Scope.NAMESPACED;
    List<String> shortNames = new ArrayList<>();
    names.path("shortNames").forEach(n -> shortNames.add(n.asText()));
    List<Served> served = new ArrayList<>();
    for (JsonNode version : spec.path("versions")) {
      if (version.path("served").asBoolean(false)) {
        served.add(
            new Served(
                new ApiResource(
                    spec.path("group").asText(),
                    version.path("name").asText(),
                    names.path("plural").asText(),
                    names.path("kind").asText(),
                    scope,
                    shortNames),
                version.path("schema").path("openAPIV3Schema")));
      }
    }
    return served;
  }
}
