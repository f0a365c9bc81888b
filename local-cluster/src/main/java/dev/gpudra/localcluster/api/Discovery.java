package dev.gpudra.localcluster.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gpudra.localcluster.api.ApiResource.Scope;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The API server's legacy discovery documents, which kubectl reads before anything else: {@code
 * /api}, {@code /apis}, each group version's resource list, and {@code /version}; and the OpenAPI
 * v3 documents ({@link OpenApiV3}). They list the built-in resources ({@link BuiltInResources}) and
 * those of the stored CRDs ({@link CustomResources}). They are plain {@code application/json}; a
 * client that asks for aggregated discovery first (kubectl does, in its Accept header) takes a
 * plain answer as legacy discovery, as from an older API server.
 */
final class Discovery {
  static final String KUBERNETES_VERSION = "v1.37.2";

  private static final List<String> VERBS =
      List.of("create", "delete", "deletecollection", "get", "list", "patch", "update", "watch");

  private final CustomResources customResources;
  private final OpenApiV3 openApi = new OpenApiV3();
  private final ObjectMapper json = new ObjectMapper();

  Discovery(CustomResources customResources) {
    this.customResources = customResources;
  }

  /** The built-in resources, then those of the stored CRDs. */
  List<ApiResource> resources() {
    List<ApiResource> all = new java.util.ArrayList<>(BuiltInResources.ALL);
    all.addAll(customResources.resources());
    return all;
  }

  /** The document at {@code path} (query string ignored), if it is a discovery path. */
  Optional<String> document(String path) {
    String bare = path.contains("?") ? path.substring(0, path.indexOf('?')) : path;
    return switch (bare) {
      case "/version" -> Optional.of(version());
      case "/api", "/api/" ->
          Optional.of(write(Map.of("kind", "APIVersions", "versions", List.of("v1"))));
      case "/apis", "/apis/" -> Optional.of(groups());
      default ->
          bare.startsWith(OpenApiV3.ROOT) ? openApi.document(bare, resources()) : resources(bare);
    };
  }

  private String version() {
    String minor = KUBERNETES_VERSION.split("\\.")[1];
    return write(
        Map.of(
            "major",
            "1",
            "minor",
            minor,
            "gitVersion",
            KUBERNETES_VERSION,
            "platform",
            "linux/amd64"));
  }

  private String groups() {
    Map<String, List<String>> versions = new LinkedHashMap<>();
    resources().stream()
        .filter(r -> !r.group().isEmpty())
        .forEach(r -> {
          List<String> known =
              versions.computeIfAbsent(r.group(), g -> new java.util.ArrayList<>());
          if (!known.contains(r.version())) {
            known.add(r.version());
          }
        });
    List<Map<String, Object>> groups =
        versions.entrySet().stream()
            .map(e -> {
              List<Map<String, String>> listed =
                  e.getValue().stream().map(v -> groupVersion(e.getKey(), v)).toList();
              return Map.<String, Object>of(
                  "name", e.getKey(), "versions", listed, "preferredVersion", listed.getFirst());
            })
            .toList();
    return write(Map.of("kind", "APIGroupList", "apiVersion", "v1", "groups", groups));
  }

  private static Map<String, String> groupVersion(String group, String version) {
    return Map.of("groupVersion", group + "/" + version, "version", version);
  }

  /**
   * Whether {@code path} names a group version ({@code /api/v1}, {@code /apis/<group>/<version>}),
   * which is a discovery document or, for one not served, 404 as from the API server.
   */
  static boolean namesGroupVersion(String path) {
    String bare = path.contains("?") ? path.substring(0, path.indexOf('?')) : path;
    return groupVersion(bare) != null;
  }

  private static String groupVersion(String path) {
    if (path.equals("/api/v1")) {
      return "v1";
    }
    return path.startsWith("/apis/") && path.chars().filter(c -> c == '/').count() == 3
        ? path.substring("/apis/".length())
        : null;
  }

  /** {@code /api/v1} or {@code /apis/<group>/<version>}: the resources served there. */
  private Optional<String> resources(String path) {
    String groupVersion = groupVersion(path);
    if (groupVersion == null) {
      return Optional.empty();
    }
    List<Map<String, Object>> listed =
        resources().stream()
            .filter(r -> r.groupVersion().equals(groupVersion))
            .flatMap(r -> java.util.stream.Stream.of(resource(r), status(r)))
            .toList();
    if (listed.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        write(
            Map.of(
                "kind",
                "APIResourceList",
                "apiVersion",
                "v1",
                "groupVersion",
                groupVersion,
                "resources",
                listed)));
  }

  private static Map<String, Object> resource(ApiResource r) {
    Map<String, Object> resource = new LinkedHashMap<>();
    resource.put("name", r.plural());
    resource.put("singularName", r.kind().toLowerCase(java.util.Locale.ROOT));
    resource.put("namespaced", r.scope() == Scope.NAMESPACED);
    resource.put("kind", r.kind());
    resource.put("verbs", VERBS);
    if (!r.shortNames().isEmpty()) {
      resource.put("shortNames", r.shortNames());
    }
    return resource;
  }

  private static Map<String, Object> status(ApiResource r) {
    return Map.of(
        "name",
        r.plural() + "/status",
        "singularName",
        "",
        "namespaced",
        r.scope() == Scope.NAMESPACED,
        "kind",
        r.kind(),
        "verbs",
        List.of("get", "patch", "update"));
  }

  private String write(Object document) {
    try {
      return json.writeValueAsString(document);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }
}
