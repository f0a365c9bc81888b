package dev.gpudra.webhook.server;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import dev.gpudra.webhook.admission.AdmissionRequest;
import dev.gpudra.webhook.admission.ClaimAdmission;
import dev.gpudra.webhook.admission.MalformedReviewException;
import dev.gpudra.webhook.admission.ReviewCodec;
import dev.gpudra.webhook.admission.Verdict;
import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** {@code POST /validate-resource-claim-parameters}: an AdmissionReview in, its answer out. */
final class ReviewHandler implements HttpHandler {
  /** Far above the API server's largest object (about 3 MiB) in a review. */
  static final int MAX_BODY_BYTES = 8 * 1024 * 1024;

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
      Replies.text(exchange, 404, "404 page not found");
    } else if (!"POST".equals(exchange.getRequestMethod())) {
      exchange.getResponseHeaders().set("Allow", "POST");
      Replies.text(exchange, 405, "method " + exchange.getRequestMethod() + " not allowed");
    } else {
      review(exchange);
    }
  }

  private void review(HttpExchange exchange) throws IOException {
    String contentType = exchange.getRequestHeaders().getFirst("Content-Type");
    if (!isJson(contentType)) {
      Replies.text(exchange, 415, "contentType=" + contentType + ", expected application/json");
      return;
    }
    byte[] body;
    try (InputStream in = exchange.getRequestBody()) {
      body = in.readNBytes(MAX_BODY_BYTES + 1);
    }
    if (body.length > MAX_BODY_BYTES) {
      Replies.text(exchange, 413, "request body over " + MAX_BODY_BYTES + " bytes");
      return;
    }
    AdmissionRequest request;
    try {
      request = codec.read(body);
    } catch (MalformedReviewException e) {
      log.warn("refused a request that is not an AdmissionReview: {}", e.getMessage());
      Replies.text(
          exchange, 400, "failed to read AdmissionReview from request body: " + e.getMessage());
      return;
    }
    Verdict verdict = admission.admit(request);
    Replies.send(exchange, 200, "application/json", codec.write(request.uid(), verdict));
  }

  private static boolean isJson(String contentType) {
    if (contentType == null) {
      return false;
    }
    String media = contentType.split(";", 2)[0].trim().toLowerCase(Locale.ROOT);
    return media.equals("application/json");
  }
}
