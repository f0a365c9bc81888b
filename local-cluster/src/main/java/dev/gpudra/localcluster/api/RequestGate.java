package dev.gpudra.localcluster.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.util.Iterator;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Refuses at once, with a Status, what the embedded API server cannot serve, before fabric8's CRUD
 * dispatcher sees it (which, given a body it cannot parse or a method it does not know, threw and
 * left the client waiting for an answer that never came).
 *
 * <ul>
 *   <li>methods other than GET, POST, PUT, PATCH, DELETE: 405;
 *   <li>paths that are neither discovery nor a resource path ({@link ResourcePath}): 404;
 *   <li>bodies other than JSON or YAML (kubectl's protobuf, CBOR): 415; a body that does not parse:
 *       400;
 *   <li>server-side apply, and strategic merge patches with directives ({@code $patch}, {@code
 *       $setElementOrder/...}, which need each list's merge key): 415;
 *   <li>{@code dryRun} other than {@code All} on a create (the server would store the object) and
 *       an unknown {@code fieldValidation}: 400.
 * </ul>
 */
final class RequestGate {
  static final String JSON = "application/json";
  static final String YAML = "application/yaml";
  static final String MERGE_PATCH = "application/merge-patch+json";
  static final String JSON_PATCH = "application/json-patch+json";
  static final String STRATEGIC_MERGE_PATCH = "application/strategic-merge-patch+json";
  static final String APPLY_PATCH = "application/apply-patch+yaml";

  private static final Set<String> METHODS = Set.of("GET", "POST", "PUT", "PATCH", "DELETE");
  private static final Set<String> OBJECT_TYPES = Set.of(JSON, YAML, "");
  private static final Set<String> PATCH_TYPES = Set.of(MERGE_PATCH, JSON_PATCH);

  private final ObjectMapper json = new ObjectMapper();
  private final ObjectMapper yaml = new YAMLMapper();

  /** Why {@code request} cannot be served, or empty when it goes on to discovery or CRUD. */
  Optional<ApiStatus> refusal(ApiRequest request, boolean discoveryPath) {
    if (!METHODS.contains(request.method())) {
      return Optional.of(
          new ApiStatus(
              ApiStatus.METHOD_NOT_ALLOWED,
              "MethodNotAllowed",
              request.method()
                  + " is not served by the embedded API server (it serves GET, POST, PUT, PATCH,"
                  + " DELETE)"));
    }
    if (discoveryPath && request.method().equals("GET")) {
      return Optional.empty();
    }
    if (ResourcePath.parse(request.bare()).isEmpty()) {
      return Optional.of(
          new ApiStatus(
              ApiStatus.NOT_FOUND,
              "NotFound",
              "the server could not find the requested resource ("
                  + request.line()
                  + "): the embedded API server serves /version, /api, /apis, /openapi/v3 and"
                  + " objects under /api/v1 and /apis/<group>/<version>"));
    }
    return parameters(request).or(() -> body(request));
  }

  private static Optional<ApiStatus> parameters(ApiRequest request) {
    Optional<String> dryRun = request.query("dryRun").filter(v -> !v.isEmpty());
    if (dryRun.isPresent() && !(dryRun.get().equals("All") && request.method().equals("POST"))) {
      return Optional.of(
          ApiStatus.badRequest(
              "dryRun is supported by the embedded API server on creates only, as dryRun=All: "
                  + request.line()));
    }
    return request
        .query(FieldValidation.PARAMETER)
        .filter(v -> FieldValidation.parse(v).isEmpty())
        .map(v ->
            ApiStatus.badRequest(
                "fieldValidation: unsupported value \""
                    + v
                    + "\": supported values: \"Ignore\","
                    + " \"Strict\", \"Warn\""));
  }

  private Optional<ApiStatus> body(ApiRequest request) {
    String type = request.mediaType();
    return switch (request.method()) {
      case "POST", "PUT" ->
          OBJECT_TYPES.contains(type) ? parses(request) : Optional.of(unsupported(request));
      case "PATCH" -> patch(request, type);
      case "DELETE" -> deleteOptions(request);
      default -> Optional.empty();
    };
  }

  private Optional<ApiStatus> patch(ApiRequest request, String type) {
    if (type.equals(APPLY_PATCH)) {
      return Optional.of(
          new ApiStatus(
              ApiStatus.UNSUPPORTED_MEDIA_TYPE,
              "UnsupportedMediaType",
              "server-side apply is not served by the embedded API server ("
                  + request.line()
                  + "): use kubectl apply without --server-side"));
    }
    if (type.equals(STRATEGIC_MERGE_PATCH)) {
      Optional<ApiStatus> malformed = parses(request);
      if (malformed.isPresent()) {
        return malformed;
      }
      return directive(tree(request))
          .map(d ->
              new ApiStatus(
                  ApiStatus.UNSUPPORTED_MEDIA_TYPE,
                  "UnsupportedMediaType",
                  "strategic merge patch directive \""
                      + d
                      + "\" is not served by the embedded API"
                      + " server ("
                      + request.line()
                      + "): use kubectl replace, or a merge patch"));
    }
    return PATCH_TYPES.contains(type) ? parses(request) : Optional.of(unsupported(request));
  }

  /**
   * The first key that makes a strategic merge patch differ from a JSON merge patch: a directive.
   * Without one, both patch maps alike and replace lists whole (kubectl's three-way patch marks
   * each merged list with {@code $setElementOrder/<field>}).
   */
  static Optional<String> directive(JsonNode patch) {
    if (patch.isObject()) {
      for (Map.Entry<String, JsonNode> field : patch.properties()) {
        if (field.getKey().startsWith("$")) {
          return Optional.of(field.getKey());
        }
        Optional<String> nested = directive(field.getValue());
        if (nested.isPresent()) {
          return nested;
        }
      }
    } else if (patch.isArray()) {
      for (Iterator<JsonNode> items = patch.elements(); items.hasNext(); ) {
        Optional<String> nested = directive(items.next());
        if (nested.isPresent()) {
          return nested;
        }
      }
    }
    return Optional.empty();
  }

  private static ApiStatus unsupported(ApiRequest request) {
    return new ApiStatus(
        ApiStatus.UNSUPPORTED_MEDIA_TYPE,
        "UnsupportedMediaType",
        "the embedded API server reads JSON and YAML bodies, not \""
            + request.mediaType()
            + "\" ("
            + request.line()
            + "): kubectl create -f and kubectl apply -f send JSON");
  }

  /**
   * A delete's dry run comes in its DeleteOptions body ({@code kubectl delete --dry-run=server}):
   * served, it would delete for real.
   */
  private Optional<ApiStatus> deleteOptions(ApiRequest request) {
    if (request.body().isBlank() || !OBJECT_TYPES.contains(request.mediaType())) {
      return Optional.empty(); // no options, or protobuf ones this server does not decode
    }
    JsonNode options;
    try {
      options = tree(request);
    } catch (IllegalArgumentException e) {
      return Optional.of(ApiStatus.badRequest(e.getMessage()));
    }
    if (options.path("dryRun").size() > 0) {
      return Optional.of(
          ApiStatus.badRequest(
              "dryRun is supported by the embedded API server on creates only, as dryRun=All: "
                  + request.line()
                  + " (DeleteOptions.dryRun)"));
    }
    return Optional.empty();
  }

  private Optional<ApiStatus> parses(ApiRequest request) {
    try {
      tree(request);
      return Optional.empty();
    } catch (IllegalArgumentException e) {
      return Optional.of(ApiStatus.badRequest(e.getMessage()));
    }
  }

  /**
   * The body as a tree; {@link IllegalArgumentException} naming the request when it does not parse.
   */
  JsonNode tree(ApiRequest request) {
    try {
      ObjectMapper mapper = request.mediaType().equals(YAML) ? yaml : json;
      JsonNode tree = mapper.readTree(request.body());
      if (tree == null || tree.isMissingNode()) {
        throw new IllegalArgumentException("the body of " + request.line() + " is empty");
      }
      return tree;
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(
          "the body of "
              + request.line()
              + " does not parse: "
              + e.getOriginalMessage().lines().findFirst().orElse(""),
          e);
    }
  }
}
