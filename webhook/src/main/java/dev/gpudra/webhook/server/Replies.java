package dev.gpudra.webhook.server;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/** Writes a response body of a known length. */
final class Replies {
  private Replies() {}

  static void send(HttpExchange exchange, int status, String contentType, byte[] body)
      throws IOException {
    exchange.getResponseHeaders().set("Content-Type", contentType);
    exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
    if (body.length > 0) {
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    }
  }

  /** A plain-text line, as Go's {@code http.Error} writes one. */
  static void text(HttpExchange exchange, int status, String message) throws IOException {
    send(
        exchange,
        status,
        "text/plain; charset=utf-8",
        (message + "\n").getBytes(StandardCharsets.UTF_8));
  }
}
