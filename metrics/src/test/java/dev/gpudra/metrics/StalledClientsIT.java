package dev.gpudra.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The metrics and probe servers while clients stall half-way through their request lines. */
class StalledClientsIT {
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  /** A server to start on a free port, and the path a healthy client asks. */
  record Served(String name, IntFunction<AutoCloseable> start, String path) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Served> servers() {
    InetSocketAddress any = new InetSocketAddress("127.0.0.1", 0);
    return Stream.of(
        new Served(
            "the health probes",
            port -> new ProbeServer(any, Map.of("/healthz", ProbeServer.check(() -> true))),
            "/healthz"),
        new Served(
            "the metrics",
            port -> new MetricsServer(any, "/metrics", new PrometheusRegistry()),
            "/metrics"));
  }

  @DisplayName("12 clients stalled in their request line do not delay another client's answer")
  @ParameterizedTest(name = "{0}")
  @MethodSource("servers")
  void stalledClientsHoldOnlyThemselves(Served served) throws Exception {
    List<Socket> stalled = new ArrayList<>();
    try (AutoCloseable server = served.start().apply(0)) {
      int port = server instanceof ProbeServer p ? p.port() : ((MetricsServer) server).port();
      for (int i = 0; i < 12; i++) {
        Socket socket = new Socket("127.0.0.1", port);
        stalled.add(socket);
        OutputStream out = socket.getOutputStream();
        out.write("GET /hea".getBytes(StandardCharsets.US_ASCII));
        out.flush();
      }

      long start = System.nanoTime();
      HttpResponse<String> answer =
          http.send(
              HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + served.path()))
                  .timeout(Duration.ofSeconds(15))
                  .build(),
              HttpResponse.BodyHandlers.ofString());

      assertThat(answer.statusCode()).isEqualTo(200);
      assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(3));
    } finally {
      for (Socket socket : stalled) {
        socket.close();
      }
    }
  }
}
