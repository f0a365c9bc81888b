package dev.gpudra.webhook.server;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import dev.gpudra.webhook.admission.AdmissionRequest;
import dev.gpudra.webhook.admission.ClaimAdmission;
import dev.gpudra.webhook.admission.MalformedReviewException;
import dev.gpudra.webhook.admission.ReviewCodec;
import dev.gpudra.webhook.admission.ReviewTooLargeException;
import dev.gpudra.webhook.admission.Verdict;
import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** {@code POST /validate-resource-claim-parameters}: an AdmissionReview in, its answer out. */
final class ReviewHandler implements HttpHandler {
  private static final Logger log = LoggerFactory.getLogger(ReviewHandler.class);

  private final ReviewCodec codec = new ReviewCodec();
  private final ClaimAdmission admission;

  ReviewHandler(ClaimAdmission admission) {
    this.admission = admission;
  }

  @Override
  public void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      try {
        route(exchange);
      } catch (RuntimeException e) {
        log.error("cannot answer an AdmissionReview", e);
        Replies.text(exchange, 500, "internal error: " + e);
      }
    }
  }

  private void route(HttpExchange exchange) throws IOException {
    if (!WebhookServer.VALIDATE_PATH.equals(exchange.getRequestURI().getPath())) {
      refuse(exchange, 404, "404 page not found");
    } else if (!"POST".equals(exchange.getRequestMethod())) {
      exchange.getResponseHeaders().set("Allow", "POST");
      refuse(exchange, 405, "method " + exchange.getRequestMethod() + " not allowed");
    } else {
      review(exchange);
    }
  }

  private void review(HttpExchange exchange) throws IOException {
    String contentType = exchange.getRequestHeaders().getFirst("Content-Type");
    if (!isJson(contentType)) {
      refuse(exchange, 415, "contentType=" + contentType + ", expected application/json");
      return;
    }
    if (declaredLength(exchange) > ReviewCodec.MAX_BODY_BYTES) {
      refuse(exchange, 413, new ReviewTooLargeException(ReviewCodec.MAX_BODY_BYTES).getMessage());
      return;
    }
    AdmissionRequest request;
    try (InputStream in = exchange.getRequestBody()) {
      request = codec.read(in);
    } catch (ReviewTooLargeException e) {
      refuse(exchange, 413, e.getMessage());
      return;
    } catch (MalformedReviewException e) {
      log.warn("refused a request that is not an AdmissionReview: {}", e.getMessage());
      refuse(exchange, 400, "failed to read AdmissionReview from request body: " + e.getMessage());
      return;
    }
    Verdict verdict = admission.admit(request);
    Replies.send(exchange, 200, "application/json", codec.write(request.uid(), verdict));
  }

  /**
   * An error answered before the body was read to its end: the connection is closed after it, so
   * that no client reuses a connection with a body left unread on it.
   */
  private static void refuse(HttpExchange exchange, int status, String message) throws IOException {
    exchange.getResponseHeaders().set("Connection", "close");
    Replies.text(exchange, status, message);
  }

  private static long declaredLength(HttpExchange exchange) {
    String length = exchange.getRequestHeaders().getFirst("Content-Length");
    try {
      return length == null ? -1 : Long.parseLong(length.trim());
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  private static boolean isJson(String contentType) {
    if (contentType == null) {
      return false;
    }
    String media = contentType.split(";", 2)[0].trim().toLowerCase(Locale.ROOT);
    return media.equals("application/json");
  }
}
