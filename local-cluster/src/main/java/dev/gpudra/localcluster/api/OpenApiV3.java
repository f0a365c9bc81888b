package dev.gpudra.localcluster.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gpudra.localcluster.api.ApiResource.Scope;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The OpenAPI v3 documents kubectl reads before {@code kubectl apply}: {@code /openapi/v3} lists
 * one document per group version, and each document lists the served paths with their operations.
 * They carry no schemas: what they state is which kind each path serves ({@code
 * x-kubernetes-group-version-kind}), that creates, updates and patches take {@code fieldValidation}
 * (so kubectl leaves validation to this server, {@link FieldValidation}) and that patches are JSON
 * patches or merge patches.
 */
final class OpenApiV3 {
  static final String ROOT = "/openapi/v3";

  private static final List<String> PATCH_TYPES =
      List.of(RequestGate.JSON_PATCH, RequestGate.MERGE_PATCH);

  private final ObjectMapper json = new ObjectMapper();

  /** The document at {@code bare} (a path without query), if it is one. */
  Optional<String> document(String bare, List<ApiResource> resources) {
    if (bare.equals(ROOT) || bare.equals(ROOT + "/")) {
      return Optional.of(root(resources));
    }
    if (!bare.startsWith(ROOT + "/")) {
      return Optional.empty();
    }
    String key = bare.substring(ROOT.length() + 1);
    List<ApiResource> served = resources.stream().filter(r -> key(r).equals(key)).toList();
    return served.isEmpty() ? Optional.empty() : Optional.of(groupVersion(served));
  }

  private String root(List<ApiResource> resources) {
    Map<String, Object> paths = new TreeMap<>();
    for (ApiResource r : resources) {
      paths.computeIfAbsent(
          key(r),
          k -> {
            String document =
                groupVersion(resources.stream().filter(o -> key(o).equals(k)).toList());
            return Map.of("serverRelativeURL", ROOT + "/" + k + "?hash=" + sha256(document));
          });
    }
    return write(Map.of("paths", paths));
  }

  private String groupVersion(List<ApiResource> served) {
    Map<String, Object> paths = new TreeMap<>();
    for (ApiResource r : served) {
      Map<String, String> gvk =
          new TreeMap<>(Map.of("group", r.group(), "version", r.version(), "kind", r.kind()));
      String collection = collectionPath(r);
      paths.put(collection, Map.of("post", operation(r, "create", gvk, List.of())));
      paths.put(
          collection + "/{name}",
          Map.of(
              "put", operation(r, "replace", gvk, List.of()),
              "patch", operation(r, "patch", gvk, PATCH_TYPES)));
    }
    Map<String, Object> document = new LinkedHashMap<>();
    document.put("openapi", "3.0.0");
    document.put(
        "info",
        Map.of("title", "gpu-dra embedded API server", "version", Discovery.KUBERNETES_VERSION));
    document.put("paths", paths);
    return write(document);
  }

  private static Map<String, Object> operation(
      ApiResource r, String verb, Map<String, String> gvk, List<String> bodyTypes) {
    Map<String, Object> operation = new LinkedHashMap<>();
    operation.put("operationId", verb + r.kind());
    operation.put("x-kubernetes-group-version-kind", gvk);
    operation.put(
        "parameters",
        List.of(
            Map.of(
                "name",
                FieldValidation.PARAMETER,
                "in",
                "query",
                "schema",
                Map.of("type", "string", "enum", List.of("Ignore", "Strict", "Warn")))));
    Map<String, Object> content = new LinkedHashMap<>();
    for (String type : bodyTypes.isEmpty() ? List.of(RequestGate.JSON) : bodyTypes) {
      content.put(type, Map.of("schema", Map.of("type", "object")));
    }
    operation.put("requestBody", Map.of("content", content));
    return operation;
  }

  private static String collectionPath(ApiResource r) {
    String prefix = r.group().isEmpty() ? "/api/v1" : "/apis/" + r.groupVersion();
    return r.scope() == Scope.NAMESPACED
        ? prefix + "/namespaces/{namespace}/" + r.plural()
        : prefix + "/" + r.plural();
  }

  private static String key(ApiResource r) {
    return r.group().isEmpty() ? "api/v1" : "apis/" + r.groupVersion();
  }

  private static String sha256(String document) {
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256").digest(document.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().withUpperCase().formatHex(digest);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every JDK", e);
    }
  }

  private String write(Object document) {
    try {
      return json.writeValueAsString(document);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }
}
