package dev.gpudra.localcluster.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.mockwebserver.http.MockResponse;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A failure as the API server answers it: a {@code v1 Status} with a code, a reason (the API
 * server's {@code StatusReason}) and a one-line message naming what was refused and why.
 *
 * @param code the HTTP status code
 * @param reason e.g. {@code NotFound}, {@code UnsupportedMediaType}, {@code BadRequest}
 * @param message one line for the user
 */
record ApiStatus(int code, String reason, String message) {
  static final int BAD_REQUEST = 400;
  static final int NOT_FOUND = 404;
  static final int METHOD_NOT_ALLOWED = 405;
  static final int UNSUPPORTED_MEDIA_TYPE = 415;
  static final int INTERNAL_ERROR = 500;

  private static final ObjectMapper JSON = new ObjectMapper();

  ApiStatus {
    Objects.requireNonNull(reason, "reason");
    Objects.requireNonNull(message, "message");
  }

  static ApiStatus badRequest(String message) {
    return new ApiStatus(BAD_REQUEST, "BadRequest", message);
  }

  /** The Status as JSON. */
  String json() {
    Map<String, Object> status = new LinkedHashMap<>();
    status.put("kind", "Status");
    status.put("apiVersion", "v1");
    status.put("metadata", Map.of());
    status.put("status", "Failure");
    status.put("message", message);
    status.put("reason", reason);
    status.put("code", code);
    try {
      return JSON.writeValueAsString(status);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The HTTP response carrying it. */
  MockResponse response() {
    return new MockResponse()
        .setResponseCode(code)
        .setHeader("Content-Type", "application/json")
        .setBody(json());
  }
}
