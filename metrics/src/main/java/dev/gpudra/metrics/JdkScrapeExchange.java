package dev.gpudra.metrics;

import com.sun.net.httpserver.HttpExchange;
import io.prometheus.metrics.exporter.common.PrometheusHttpExchange;
import io.prometheus.metrics.exporter.common.PrometheusHttpRequest;
import io.prometheus.metrics.exporter.common.PrometheusHttpResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;

/**
 * One JDK {@link HttpExchange} as the Prometheus client's scrape handler takes it: the request's
 * headers ({@code Accept}, {@code Accept-Encoding}) and query ({@code name[]}), and a response
 * whose headers are sent once.
 */
final class JdkScrapeExchange implements PrometheusHttpExchange {
  private final HttpExchange exchange;
  private boolean sent;

  JdkScrapeExchange(HttpExchange exchange) {
    this.exchange = exchange;
  }

  @Override
  public PrometheusHttpRequest getRequest() {
    return new PrometheusHttpRequest() {
      @Override
      public String getQueryString() {
        return exchange.getRequestURI().getRawQuery();
      }

      @Override
      public Enumeration<String> getHeaders(String name) {
        List<String> values = exchange.getRequestHeaders().get(name);
        return Collections.enumeration(values == null ? List.of() : values);
      }

      @Override
      public String getMethod() {
        return exchange.getRequestMethod();
      }

      @Override
      public String getRequestPath() {
        return exchange.getRequestURI().getPath();
      }
    };
  }

  @Override
  public PrometheusHttpResponse getResponse() {
    return new PrometheusHttpResponse() {
      @Override
      public void setHeader(String name, String value) {
        exchange.getResponseHeaders().set(name, value);
      }

      @Override
      public OutputStream sendHeadersAndGetBody(int status, int contentLength) throws IOException {
        sent = true;
        exchange.sendResponseHeaders(status, contentLength);
        return exchange.getResponseBody();
      }
    };
  }

  @Override
  public void handleException(IOException e) throws IOException {
    throw e;
  }

  /** A collector that failed: {@code 500} naming the error, when the headers are not out yet. */
  @Override
  public void handleException(RuntimeException e) {
    if (sent) {
      throw e;
    }
    byte[] body = ("scrape failed: " + e).getBytes(StandardCharsets.UTF_8);
    try {
      exchange.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
      exchange.sendResponseHeaders(500, body.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    } catch (IOException io) {
      e.addSuppressed(io);
      throw e;
    }
  }

  @Override
  public void close() {
    exchange.close();
  }
}
