package dev.gpudra.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class MetricsServerIT {
  @Test
  @DisplayName(
      "a client that sends half a request and stalls neither blocks a scrape nor keeps its"
          + " connection past the stall limit")
  void stalledClientBlocksNobody() throws Exception {
    PrometheusRegistry registry = new PrometheusRegistry();
    Counter.builder().name("probe_total").register(registry).inc();
    try (MetricsServer server =
            new MetricsServer(
                new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), "/metrics", registry);
        Socket stalled = new Socket(InetAddress.getLoopbackAddress(), server.port());
        HttpClient http = HttpClient.newHttpClient()) {
      OutputStream out = stalled.getOutputStream();
      out.write("GET /metrics HTTP/1.1\r\nHost: x\r\n".getBytes(StandardCharsets.US_ASCII));
      out.flush();

      HttpResponse<String> scrape =
          http.send(
              HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/metrics"))
                  .timeout(Duration.ofSeconds(3))
                  .build(),
              HttpResponse.BodyHandlers.ofString());

      assertThat(scrape.statusCode()).isEqualTo(200);
      assertThat(scrape.body()).contains("probe_total 1.0");
      stalled.setSoTimeout((MetricsServer.STALL_SECONDS + 5) * 1000);
      InputStream in = stalled.getInputStream();
      assertThat(in.read()).as("the server closed the stalled connection").isEqualTo(-1);
    }
  }
}
