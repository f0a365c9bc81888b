package dev.gpudra.metrics;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.function.BooleanSupplier;

/**
 * Health probes over HTTP, as controller-runtime serves them ({@code --health-probe-bind-address}):
 * each path answers {@code 200 ok} while its check holds, else {@code 500} with the path and why
 * (what {@code kubectl describe pod} shows of a failed probe). A client that stalls cannot hold the
 * kubelet's probes ({@link ConnectionLimits}).
 */
public final class ProbeServer implements AutoCloseable {
  /** One probe's check: why it fails, or empty while it holds. */
  @FunctionalInterface
  public interface Check {
    Optional<String> failure();
  }

  /** A check that holds while {@code condition} does, and says nothing more when it fails. */
  public static Check check(BooleanSupplier condition) {
    return () -> condition.getAsBoolean() ? Optional.empty() : Optional.of("check failed");
  }

  private final HttpServer server;
  private final ExecutorService executor;

  /**
   * @param address where to listen
   * @param checks each path ({@code /healthz}, {@code /readyz}) and what it asks
   */
  public ProbeServer(InetSocketAddress address, Map<String, Check> checks) {
    ConnectionLimits.apply();
    try {
      server = HttpServer.create(address, 8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot listen for health probes on " + address, e);
    }
    checks.forEach((path, check) -> server.createContext(path, e -> answer(e, path, check)));
    executor = ConnectionLimits.perConnection("health-probes");
    server.setExecutor(executor);
    server.start();
  }

  /** The bound port (useful when started on port 0). */
  public int port() {
    return server.getAddress().getPort();
  }

  private static void answer(HttpExchange exchange, String path, Check check) throws IOException {
    try (exchange) {
      Optional<String> failure = check.failure();
      byte[] body =
          failure
              .map(f -> path.substring(1) + " " + f)
              .orElse("ok")
              .getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
      exchange.sendResponseHeaders(failure.isEmpty() ? 200 : 500, body.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    }
  }

  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
  }
}
