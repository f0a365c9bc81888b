package dev.gpudra.webhook.admission;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Reads an AdmissionReview's request from a stream in one pass, keeping only what the webhook uses
 * (see {@link PrunedObjects}), so that memory follows the configs a review carries, not its size.
 * Bounds: {@link #maxBytes} per body, {@value #MAX_DEPTH} levels of nesting, {@value #MAX_STRING}
 * characters for a string the webhook keeps (skipped strings are never built). Thread-safe.
 */
final class ReviewReader {
  static final int MAX_DEPTH = 100;
  static final int MAX_STRING = 64 * 1024;

  private final long maxBytes;
  private final JsonFactory factory =
      JsonFactory.builder()
          .disable(JsonFactory.Feature.CANONICALIZE_FIELD_NAMES)
          .streamReadConstraints(
              StreamReadConstraints.builder()
                  .maxNestingDepth(MAX_DEPTH)
                  .maxStringLength(MAX_STRING)
                  .maxNameLength(1024)
                  .build())
          .build();
  private final PrunedObjects objects = new PrunedObjects(factory);

  ReviewReader(long maxBytes) {
    this.maxBytes = maxBytes;
  }

  /**
   * @throws MalformedReviewException when the body is not JSON or not an AdmissionReview
   * @throws ReviewTooLargeException when the body is longer than the limit
   */
  AdmissionRequest read(InputStream body) {
    try (JsonParser p = factory.createParser(new LimitedInput(body, maxBytes))) {
      AdmissionRequest request = review(p);
      if (p.nextToken() != null) {
        throw new MalformedReviewException(
            "request could not be decoded: more data after the AdmissionReview");
      }
      return request;
    } catch (LimitedInput.OverLimit e) {
      throw new ReviewTooLargeException(e.limit);
    } catch (JsonProcessingException e) {
      throw new MalformedReviewException("request could not be decoded: " + e.getOriginalMessage());
    } catch (IOException e) {
      throw new MalformedReviewException("request could not be read: " + e.getMessage());
    }
  }

  private AdmissionRequest review(JsonParser p) throws IOException {
    if (p.nextToken() != JsonToken.START_OBJECT) {
      throw new MalformedReviewException("request body is not a JSON object (an AdmissionReview)");
    }
    Map<String, String> texts = new HashMap<>();
    Set<String> seen = new HashSet<>();
    Request request = null;
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String name = p.currentName();
      p.nextToken();
      once(seen, name, "");
      switch (name) {
        case "apiVersion", "kind" -> texts.put(name, text(p));
        case "request" -> request = request(p);
        default -> p.skipChildren();
      }
    }
    checkKind(texts.get("apiVersion"), texts.get("kind"));
    if (request == null) {
      throw new MalformedReviewException("AdmissionReview has no request object");
    }
    return request.toRequest();
  }

  private Request request(JsonParser p) throws IOException {
    if (p.currentToken() != JsonToken.START_OBJECT) {
      p.skipChildren();
      return null;
    }
    Request request = new Request();
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String name = p.currentName();
      p.nextToken();
      once(request.seen, name, "request.");
      switch (name) {
        case "uid" -> request.uid = p.currentToken() == JsonToken.VALUE_STRING ? p.getText() : "";
        case "operation", "subResource", "namespace", "name" -> request.texts.put(name, text(p));
        case "resource" -> request.resource = resource(p);
        case "object" -> request.object = objects.read(p, "request.object");
        case "oldObject" -> request.oldObject = objects.read(p, "request.oldObject");
        default -> p.skipChildren();
      }
    }
    return request;
  }

  private ResourceRef resource(JsonParser p) throws IOException {
    Map<String, String> texts = new HashMap<>();
    Set<String> seen = new HashSet<>();
    if (p.currentToken() == JsonToken.START_OBJECT) {
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String name = p.currentName();
        p.nextToken();
        once(seen, name, "request.resource.");
        texts.put(name, text(p));
      }
    } else {
      p.skipChildren();
    }
    return new ResourceRef(
        texts.getOrDefault("group", ""),
        texts.getOrDefault("version", ""),
        texts.getOrDefault("resource", ""));
  }

  /** A scalar's text, as Jackson's {@code asText("")} gives it; "" for an object or list. */
  private static String text(JsonParser p) throws IOException {
    JsonToken token = p.currentToken();
    if (token.isScalarValue() && token != JsonToken.VALUE_NULL) {
      return p.getText();
    }
    p.skipChildren();
    return "";
  }

  /** Refuses a field seen twice at one level (the API server never sends one). */
  private static void once(Set<String> seen, String name, String path) {
    if (!seen.add(name)) {
      throw new MalformedReviewException("duplicate field \"" + path + name + "\"");
    }
  }

  private static void checkKind(String apiVersion, String kind) {
    String version = apiVersion == null ? "" : apiVersion;
    String kindName = kind == null ? "" : kind;
    if (!ReviewCodec.API_VERSION.equals(version) || !ReviewCodec.KIND.equals(kindName)) {
      throw new MalformedReviewException(
          "unsupported group version kind: apiVersion \""
              + version
              + "\", kind \""
              + kindName
              + "\"; want "
              + ReviewCodec.API_VERSION
              + " "
              + ReviewCodec.KIND);
    }
  }

  /** The request's fields as they are read, in any order. */
  private static final class Request {
    final Map<String, String> texts = new HashMap<>();
    final Set<String> seen = new HashSet<>();
    String uid = "";
    ResourceRef resource = new ResourceRef("", "", "");
    JsonNode object;
    JsonNode oldObject;

    AdmissionRequest toRequest() {
      if (uid.isEmpty()) {
        throw new MalformedReviewException("AdmissionReview request.uid is missing");
      }
      return new AdmissionRequest(
          uid,
          resource,
          texts.getOrDefault("subResource", ""),
          texts.getOrDefault("operation", ""),
          texts.getOrDefault("namespace", ""),
          texts.getOrDefault("name", ""),
          object,
          oldObject);
    }
  }
}
