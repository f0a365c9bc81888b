package dev.gpudra.webhook.admission;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayInputStream;
import java.io.InputStream;

/**
 * Reads the request of an {@code admission.k8s.io/v1} AdmissionReview and writes the review that
 * answers it. Thread-safe.
 */
public final class ReviewCodec {
  static final String API_VERSION = "admission.k8s.io/v1";
  static final String KIND = "AdmissionReview";

  /** Far above the API server's largest object (about 3 MiB) in a review. */
  public static final int MAX_BODY_BYTES = 8 * 1024 * 1024;

  private final ObjectMapper mapper = JsonMapper.builder().build();
  private final ReviewReader reader = new ReviewReader(MAX_BODY_BYTES);

  /**
   * @throws MalformedReviewException when the body is not JSON, not a v1 AdmissionReview, or has no
   *     request with a uid
   * @throws ReviewTooLargeException when the body is over {@link #MAX_BODY_BYTES}
   */
  public AdmissionRequest read(InputStream body) {
    return reader.read(body);
  }

  /** {@link #read(InputStream)} of a body in memory. */
  public AdmissionRequest read(byte[] body) {
    return read(new ByteArrayInputStream(body));
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
}
