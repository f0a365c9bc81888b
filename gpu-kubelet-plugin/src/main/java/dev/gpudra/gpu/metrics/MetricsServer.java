package dev.gpudra.gpu.metrics;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;

/** Serves the registry in the Prometheus text format on {@code HTTP_ENDPOINT} + metrics path. */
public final class MetricsServer implements AutoCloseable {
  private final HttpServer server;
  private final PrometheusRegistry registry;
  private final PrometheusTextFormatWriter writer = PrometheusTextFormatWriter.create();

  public MetricsServer(InetSocketAddress address, String path, PrometheusRegistry registry) {
    this.registry = registry;
    try {
      server = HttpServer.create(address, 16);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot listen for metrics on " + address, e);
    }
    server.createContext(path, this::serve);
    server.start();
  }

  /** The bound port (useful when started on port 0). */
  public int port() {
    return server.getAddress().getPort();
  }

  private void serve(HttpExchange exchange) throws IOException {
    try (exchange) {
      ByteArrayOutputStream body = new ByteArrayOutputStream();
      writer.write(body, registry.scrape(), null);
      exchange.getResponseHeaders().set("Content-Type", writer.getContentType());
      exchange.sendResponseHeaders(200, body.size());
      try (OutputStream out = exchange.getResponseBody()) {
        body.writeTo(out);
      }
    }
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
