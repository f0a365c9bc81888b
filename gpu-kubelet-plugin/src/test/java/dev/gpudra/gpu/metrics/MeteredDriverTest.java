package dev.gpudra.gpu.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.DraDriver.FailureReason;
import dev.gpudra.kit.DraDriver.Operation;
import dev.gpudra.kit.slices.ResourceSlicePublisher;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimBuilder;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class MeteredDriverTest {
  private final DriverMetrics metrics =
      new DriverMetrics("gpu.nvidia.com", "node-a", () -> Map.of("gpu", 3L, "mig", 2L));
  private final MeteredDriver driver = new MeteredDriver(new FakeDriver(), metrics);

  private static ResourceClaim claim(String name) {
    return new ResourceClaimBuilder()
        .withNewMetadata()
        .withName(name)
        .withNamespace("ns")
        .withUid(name + "-uid")
        .endMetadata()
        .build();
  }

  private String scrape() throws IOException {
    return scrape(metrics);
  }

  private static String scrape(DriverMetrics metrics) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    PrometheusTextFormatWriter.create().write(out, metrics.registry().scrape(), null);
    return out.toString(StandardCharsets.UTF_8);
  }

  @Test
  @DisplayName(
      "requests counted per claim with NVIDIA's operation labels, per-claim errors and prepared"
          + " devices carry NVIDIA's metric names")
  void countsRequestsAndErrors() throws IOException {
    try (var call = driver.request(Operation.PREPARE, 2)) {
      driver.prepare(List.of(claim("good")));
      driver.prepare(List.of(claim("bad-1")));
    }
    try (var call = driver.request(Operation.PREPARE, 1)) {
      driver.prepare(List.of(claim("bad-2")));
    }
    try (var call = driver.request(Operation.UNPREPARE, 1)) {
      driver.unprepare(List.of(new ClaimRef("ns", "bad-3", "u3")));
    }
    String text = scrape();
    assertThat(text)
        .contains("nvidia_dra_requests_total{driver=\"gpu.nvidia.com\",operation=\"prepare\"} 3.0")
        .contains(
            "nvidia_dra_requests_total{driver=\"gpu.nvidia.com\",operation=\"unprepare\"} 1.0")
        .contains(
            "nvidia_dra_node_prepare_errors_total{driver=\"gpu.nvidia.com\","
                + "error_type=\"prepare_devices\"} 2.0")
        .contains(
            "nvidia_dra_node_unprepare_errors_total{driver=\"gpu.nvidia.com\","
                + "error_type=\"unprepare_devices\"} 1.0")
        .contains(
            "nvidia_dra_request_duration_seconds_bucket{driver=\"gpu.nvidia.com\","
                + "operation=\"prepare\",le=\"12.8\"} 3")
        .contains(
            "nvidia_dra_prepared_devices{device_type=\"mig\",driver=\"gpu.nvidia.com\","
                + "node=\"node-a\"} 2.0")
        .contains(
            "nvidia_dra_requests_inflight{driver=\"gpu.nvidia.com\",operation=\"prepare\"} 0.0");
  }

  @Test
  @DisplayName(
      "every request series is there at zero before the first call, and a device type's prepared"
          + " count reads 0 once none is prepared instead of vanishing")
  void zeroSeriesAndPreparedZero() throws IOException {
    Map<String, Long> prepared = new java.util.HashMap<>(Map.of("gpu", 1L));
    DriverMetrics fresh = new DriverMetrics("gpu.nvidia.com", "node-a", () -> Map.copyOf(prepared));
    String before = scrape(fresh);
    prepared.clear();
    String after = scrape(fresh);

    for (String operation : List.of("prepare", "unprepare")) {
      String labels = "{driver=\"gpu.nvidia.com\",operation=\"" + operation + "\"}";
      assertThat(before)
          .contains("nvidia_dra_requests_total" + labels + " 0.0")
          .contains("nvidia_dra_requests_inflight" + labels + " 0.0")
          .contains("nvidia_dra_request_duration_seconds_count" + labels + " 0");
    }
    String gpu =
        "nvidia_dra_prepared_devices{device_type=\"gpu\",driver=\"gpu.nvidia.com\",node=\"node-a\"}";
    assertThat(before).contains(gpu + " 1.0");
    assertThat(after).contains(gpu + " 0.0");
  }

  @Test
  @DisplayName("slice publishing failures count as publish_resources errors")
  void publishErrors() throws IOException {
    driver.handleError(new RuntimeException("boom"), ResourceSlicePublisher.PUBLISH_CONTEXT + " x");
    driver.handleError(new RuntimeException("boom"), "stale claim cleanup");
    assertThat(scrape())
        .contains(
            "nvidia_dra_node_prepare_errors_total{driver=\"gpu.nvidia.com\","
                + "error_type=\"publish_resources\"} 1.0");
  }

  @Test
  @DisplayName(
      "claims failed before the driver: node-lock timeouts count as lock_acquire, the rest as the"
          + " operation's device errors")
  void failuresBeforeTheDriver() throws IOException {
    driver.failedBeforeDriver(Operation.PREPARE, FailureReason.LOCK_ACQUIRE, 2);
    driver.failedBeforeDriver(Operation.UNPREPARE, FailureReason.LOCK_ACQUIRE, 1);
    driver.failedBeforeDriver(Operation.PREPARE, FailureReason.CLAIM_LOOKUP, 1);

    assertThat(scrape())
        .contains(
            "nvidia_dra_node_prepare_errors_total{driver=\"gpu.nvidia.com\","
                + "error_type=\"lock_acquire\"} 2.0")
        .contains(
            "nvidia_dra_node_unprepare_errors_total{driver=\"gpu.nvidia.com\","
                + "error_type=\"lock_acquire\"} 1.0")
        .contains(
            "nvidia_dra_node_prepare_errors_total{driver=\"gpu.nvidia.com\","
                + "error_type=\"prepare_devices\"} 1.0");
  }
}
