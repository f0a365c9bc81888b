package dev.gpudra.metrics;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.prometheus.metrics.config.PrometheusProperties;
import io.prometheus.metrics.exporter.common.PrometheusScrapeHandler;
import io.prometheus.metrics.instrumentation.jvm.JvmMetrics;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.util.concurrent.ExecutorService;

/**
 * Serves the registry on {@code HTTP_ENDPOINT} + metrics path, with the process's {@code jvm_*} and
 * {@code process_*} metrics added (Go's client's {@code process_cpu_seconds_total}, {@code
 * process_resident_memory_bytes}, {@code process_open_fds}, {@code process_start_time_seconds}), in
 * the format the scraper's {@code Accept} asks for: Prometheus text 0.0.4 by default, OpenMetrics
 * 1.0 for {@code application/openmetrics-text}, protobuf for {@code
 * application/vnd.google.protobuf}; gzipped for {@code Accept-Encoding: gzip}; {@code ?name[]=}
 * selects metrics. The JVM metrics and the scrape handler are set up at the first scrape, not at
 * start (the plugin's start-up time and memory). A client that stalls cannot block the others
 * ({@link ConnectionLimits}).
 */
public final class MetricsServer implements AutoCloseable {
  public static final int STALL_SECONDS = ConnectionLimits.STALL_SECONDS;

  private final HttpServer server;
  private final ExecutorService executor;
  private final PrometheusRegistry registry;
  private PrometheusScrapeHandler handler;

  public MetricsServer(InetSocketAddress address, String path, PrometheusRegistry registry) {
    this.registry = registry;
    ConnectionLimits.apply();
    try {
      server = HttpServer.create(address, 16);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot listen for metrics on " + address, e);
    }
    server.createContext(path, this::serve);
    executor = ConnectionLimits.perConnection("metrics-http");
    server.setExecutor(executor);
    server.start();
  }

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

  /** The bound port (useful when started on port 0). */
  public int port() {
    return server.getAddress().getPort();
  }

  private void serve(HttpExchange exchange) throws IOException {
    try (JdkScrapeExchange scrape = new JdkScrapeExchange(exchange)) {
      handler().handleRequest(scrape);
    }
  }

  /**
   * The library's defaults, not {@code PrometheusProperties.get()}: that one reads a {@code
   * prometheus.properties} file and system properties, which no flag of ours documents.
   */
  private synchronized PrometheusScrapeHandler handler() {
    if (handler == null) {
      PrometheusProperties properties = PrometheusProperties.builder().build();
      JvmMetrics.builder(properties).register(registry);
      handler = new PrometheusScrapeHandler(properties, registry);
    }
    return handler;
  }

  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
  }
}
