package dev.gpudra.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.expositionformats.generated.com_google_protobuf_4_35_0.Metrics.MetricFamily;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Real HTTP scrapes of a {@link MetricsServer}, as Prometheus and other scrapers send them. */
class MetricsServerFormatsIT {
  private final PrometheusRegistry registry = new PrometheusRegistry();
  private final MetricsServer server =
      new MetricsServer(
          new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), "/metrics", registry);
  private final HttpClient http = HttpClient.newHttpClient();

  MetricsServerFormatsIT() {
    Counter.builder().name("probe_total").help("a probe").register(registry).inc();
  }

  @AfterEach
  void stop() {
    http.close();
    server.close();
  }

  private HttpResponse<byte[]> get(String query, Map<String, String> headers) throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(
            URI.create("http://127.0.0.1:" + server.port() + "/metrics" + query));
    headers.forEach(request::header);
    return http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
  }

  record Format(String name, String accept, String contentType, String expected) {
    @Override
    public String toString() {
      return name;
    }
  }

  static List<Format> textFormats() {
    return List.of(
        new Format(
            "no Accept: Prometheus text 0.0.4",
            null,
            "text/plain; version=0.0.4; charset=utf-8",
            "probe_total 1.0"),
        new Format(
            "Prometheus's text Accept: text 0.0.4",
            "text/plain;version=0.0.4;q=0.5,*/*;q=0.1",
            "text/plain; version=0.0.4; charset=utf-8",
            "# TYPE probe_total counter"),
        new Format(
            "OpenMetrics asked first: OpenMetrics 1.0",
            "application/openmetrics-text;version=1.0.0,application/openmetrics-text;"
                + "version=0.0.1;q=0.75,text/plain;version=0.0.4;q=0.5,*/*;q=0.1",
            "application/openmetrics-text; version=1.0.0; charset=utf-8",
            "# TYPE probe counter"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("textFormats")
  @DisplayName("/metrics answers in the text format the Accept header asks for, and says which")
  void textFormat(Format format) throws Exception {
    HttpResponse<byte[]> response =
        get("", format.accept() == null ? Map.of() : Map.of("Accept", format.accept()));

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.headers().firstValue("Content-Type")).contains(format.contentType());
    String body = new String(response.body(), StandardCharsets.UTF_8);
    assertThat(body).contains(format.expected()).contains("probe_total 1.0");
    assertThat(body.endsWith("# EOF\n")).isEqualTo(format.contentType().contains("openmetrics"));
  }

  @Test
  @DisplayName("protobuf when the Accept header asks for it (Prometheus with native histograms)")
  void protobuf() throws Exception {
    HttpResponse<byte[]> response =
        get(
            "",
            Map.of(
                "Accept",
                "application/vnd.google.protobuf;proto=io.prometheus.client.MetricFamily;"
                    + "encoding=delimited;q=0.9,text/plain;version=0.0.4;q=0.5"));

    assertThat(response.headers().firstValue("Content-Type").orElseThrow())
        .startsWith("application/vnd.google.protobuf; proto=io.prometheus.client.MetricFamily;");
    List<String> families = new ArrayList<>();
    InputStream in = new ByteArrayInputStream(response.body());
    for (MetricFamily f = MetricFamily.parseDelimitedFrom(in);
        f != null;
        f = MetricFamily.parseDelimitedFrom(in)) {
      families.add(f.getName());
      if (f.getName().equals("probe_total")) {
        assertThat(f.getMetric(0).getCounter().getValue()).isEqualTo(1.0);
      }
    }
    assertThat(families).contains("probe_total", "process_cpu_seconds_total");
  }

  @Test
  @DisplayName("gzip when Accept-Encoding asks for it, plain otherwise")
  void gzip() throws Exception {
    HttpResponse<byte[]> zipped = get("", Map.of("Accept-Encoding", "gzip"));
    HttpResponse<byte[]> plain = get("", Map.of());

    assertThat(zipped.headers().firstValue("Content-Encoding")).contains("gzip");
    assertThat(gunzip(zipped.body())).contains("probe_total 1.0");
    assertThat(plain.headers().firstValue("Content-Encoding")).isEmpty();
    assertThat(new String(plain.body(), StandardCharsets.UTF_8)).contains("probe_total 1.0");
  }

  @Test
  @DisplayName(
      "the process and JVM metrics dashboards expect, under the Go client's process_* names")
  void processAndJvmMetrics() throws Exception {
    String text = new String(get("", Map.of()).body(), StandardCharsets.UTF_8);

    assertThat(text)
        .containsPattern("(?m)^process_cpu_seconds_total [0-9.eE+-]+$")
        .containsPattern("(?m)^process_start_time_seconds [0-9.eE+-]+$")
        .containsPattern("(?m)^process_resident_memory_bytes [1-9][0-9.eE+-]*$")
        .containsPattern("(?m)^process_open_fds [1-9][0-9.eE+-]*$")
        .contains("jvm_memory_used_bytes{area=\"heap\"}")
        .contains("jvm_threads_current");
  }

  @Test
  @DisplayName("name[] selects the metrics of a scrape")
  void nameFilter() throws Exception {
    String text = new String(get("?name[]=probe_total", Map.of()).body(), StandardCharsets.UTF_8);

    assertThat(text).contains("probe_total 1.0").doesNotContain("process_cpu_seconds_total");
  }

  private static String gunzip(byte[] body) {
    try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(body))) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
