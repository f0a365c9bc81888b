package dev.gpudra.metrics;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Serves the registry in the Prometheus text format on {@code HTTP_ENDPOINT} + metrics path. A
 * client that stalls cannot block the others: requests run on a small pool instead of the JDK
 * server's single dispatcher thread, and a request not received or a response not taken within
 * {@link #STALL_SECONDS} has its connection closed (the JDK server's {@code maxReqTime} and {@code
 * maxRspTime}, which are JVM-wide and unlimited by default: set here unless the command line set
 * them).
 */
public final class MetricsServer implements AutoCloseable {
  public static final int STALL_SECONDS = 10;
  private static final int THREADS = 2;

  private final HttpServer server;
  private final ExecutorService executor;
  private final PrometheusRegistry registry;
  private final PrometheusTextFormatWriter writer = PrometheusTextFormatWriter.create();

  public MetricsServer(InetSocketAddress address, String path, PrometheusRegistry registry) {
    this.registry = registry;
    limitStalls();
    try {
      server = HttpServer.create(address, 16);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot listen for metrics on " + address, e);
    }
    server.createContext(path, this::serve);
    executor =
        Executors.newFixedThreadPool(
            THREADS, r -> Thread.ofPlatform().daemon().name("metrics-http").unstarted(r));
    server.setExecutor(executor);
    server.start();
  }

  private static void limitStalls() {
    for (String property : new String[] {"maxReqTime", "maxRspTime"}) {
      String key = "sun.net.httpserver." + property;
      if (System.getProperty(key) == null) {
        System.setProperty(key, Integer.toString(STALL_SECONDS));
      }
    }
  }

  /** The bound port (useful when started on port 0). */
  /**
   * {@code HTTP_ENDPOINT} as every process takes it: {@code [host]:port}; empty or blank: none.
   *
   * @throws IllegalArgumentException naming the flag when it is not {@code [host]:port}
   */
  public static java.util.Optional<InetSocketAddress> parseEndpoint(String value) {
    if (value == null || value.isBlank()) {
      return java.util.Optional.empty();
    }
    int colon = value.lastIndexOf(':');
    if (colon < 0) {
      throw new IllegalArgumentException(
          "--http-endpoint (HTTP_ENDPOINT) must be [host]:port: " + value);
    }
    String host = value.substring(0, colon);
    try {
      int port = Integer.parseInt(value.substring(colon + 1));
      return java.util.Optional.of(
          host.isEmpty() ? new InetSocketAddress(port) : new InetSocketAddress(host, port));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "--http-endpoint (HTTP_ENDPOINT) must be [host]:port: " + value, e);
    }
  }

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
    executor.shutdownNow();
  }
}
