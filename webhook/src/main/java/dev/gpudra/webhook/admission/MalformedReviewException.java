package dev.gpudra.webhook.admission;

/** The request body is not an {@code admission.k8s.io/v1} AdmissionReview with a request. */
public class MalformedReviewException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public MalformedReviewException(String message) {
    super(message);
  }
}
