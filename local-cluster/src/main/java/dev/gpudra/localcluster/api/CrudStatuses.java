package dev.gpudra.localcluster.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.mockwebserver.http.MockResponse;
import java.io.IOException;

/**
 * fabric8's CRUD failures as the API server words them. fabric8 answers a missing object with an
 * empty 404 and every other failure with reason {@code Invalid} (kubectl then printed {@code The
 * Namespace "" is invalid} for a name already taken); here each gets the API server's reason for
 * its code and a message naming the object ({@code namespaces "x" not found}). 422 Invalid, this
 * server's own validation, stays as it is.
 */
final class CrudStatuses {
  private static final int CONFLICT = 409;
  private static final int UNPROCESSABLE = 422;

  private final ObjectMapper json = new ObjectMapper();

  MockResponse worded(MockResponse response, ApiRequest request) {
    int code = response.code();
    if (code < ApiStatus.BAD_REQUEST || code == UNPROCESSABLE) {
      return response;
    }
    String message = message(response);
    if (message.isEmpty()) {
      message =
          ResourcePath.parse(request.bare())
              .filter(p -> !p.name().isEmpty())
              .map(p ->
                  p.plural()
                      + " \""
                      + p.name()
                      + "\" "
                      + (code == ApiStatus.NOT_FOUND ? "not found" : "failed"))
              .orElse(request.line() + " failed");
    }
    return new ApiStatus(code, reason(code, request), message).response();
  }

  private static String reason(int code, ApiRequest request) {
    return switch (code) {
      case ApiStatus.BAD_REQUEST -> "BadRequest";
      case ApiStatus.NOT_FOUND -> "NotFound";
      case ApiStatus.METHOD_NOT_ALLOWED -> "MethodNotAllowed";
      case CONFLICT -> request.method().equals("POST") ? "AlreadyExists" : "Conflict";
      case ApiStatus.UNSUPPORTED_MEDIA_TYPE -> "UnsupportedMediaType";
      default -> "InternalError";
    };
  }

  private String message(MockResponse response) {
    if (response.getBody() == null || response.getBody().size() == 0) {
      return "";
    }
    try {
      JsonNode body = json.readTree(response.getBody().getBytes());
      return body == null ? "" : body.path("message").asText("");
    } catch (IOException e) {
      return ""; // not a Status: the code says enough
    }
  }
}
