package dev.gpudra.webhook.admission;

/** A request body past the reader's byte limit (HTTP 413 at the edge). */
public final class ReviewTooLargeException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public ReviewTooLargeException(long limit) {
    super("request body over " + limit + " bytes");
  }
}
