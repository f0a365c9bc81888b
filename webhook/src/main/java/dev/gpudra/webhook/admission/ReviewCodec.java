package dev.gpudra.webhook.admission;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;

/**
 * Reads the request of an {@code admission.k8s.io/v1} AdmissionReview and writes the review that
 * answers it. Thread-safe.
 */
public final class ReviewCodec {
  static final String API_VERSION = "admission.k8s.io/v1";
  static final String KIND = "AdmissionReview";

  private final ObjectMapper mapper =
      JsonMapper.builder().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS).build();

  /**
   * @throws MalformedReviewException when the body is not JSON, not a v1 AdmissionReview, or has no
   *     request with a uid
   */
  public AdmissionRequest read(byte[] body) {
    JsonNode root = parse(body);
    String apiVersion = root.path("apiVersion").asText("");
    String kind = root.path("kind").asText("");
    if (!API_VERSION.equals(apiVersion) || !KIND.equals(kind)) {
      throw new MalformedReviewException(
          "unsupported group version kind: apiVersion \""
              + apiVersion
              + "\", kind \""
              + kind
              + "\"; want "
              + API_VERSION
              + " "
              + KIND);
    }
    JsonNode request = root.path("request");
    if (!request.isObject()) {
      throw new MalformedReviewException("AdmissionReview has no request object");
    }
    String uid = request.path("uid").asText("");
    if (!request.path("uid").isTextual() || uid.isEmpty()) {
      throw new MalformedReviewException("AdmissionReview request.uid is missing");
    }
    JsonNode resource = request.path("resource");
    return new AdmissionRequest(
        uid,
        new ResourceRef(
            resource.path("group").asText(""),
            resource.path("version").asText(""),
            resource.path("resource").asText("")),
        request.path("subResource").asText(""),
        request.path("operation").asText(""),
        request.path("namespace").asText(""),
        request.path("name").asText(""),
        request.get("object"),
        request.get("oldObject"));
  }

  /** The AdmissionReview answering the request {@code uid}. */
  public byte[] write(String uid, Verdict verdict) {
    ObjectNode review = mapper.createObjectNode();
    review.put("apiVersion", API_VERSION);
    review.put("kind", KIND);
    ObjectNode response = review.putObject("response");
    response.put("uid", uid);
    response.put("allowed", verdict.allowed());
    if (!verdict.allowed()) {
      ObjectNode status = response.putObject("status");
      status.put("message", verdict.message());
      status.put("reason", verdict.outcome().reason());
    }
    try {
      return mapper.writeValueAsBytes(review);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write an AdmissionReview", e);
    }
  }

  private JsonNode parse(byte[] body) {
    JsonNode root;
    try {
      root = mapper.readTree(body);
    } catch (JsonProcessingException e) {
      throw new MalformedReviewException("request could not be decoded: " + e.getOriginalMessage());
    } catch (IOException e) {
      throw new MalformedReviewException("request could not be decoded: " + e.getMessage());
    }
    if (root == null || !root.isObject()) {
      throw new MalformedReviewException("request body is not a JSON object (an AdmissionReview)");
    }
    return root;
  }
}
