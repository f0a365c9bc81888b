package dev.gpudra.node.metrics;

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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

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
  @DisplayName(
      "a failed background ResourceSlice sync is no claim's failure: it counts in"
          + " gpu_dra_resourceslice_publish_errors_total, never as a prepare error")
  void publishErrors() throws IOException {
    driver.handleError(new RuntimeException("boom"), ResourceSlicePublisher.PUBLISH_CONTEXT + " x");
    driver.handleError(new RuntimeException("boom"), "stale claim cleanup");
    assertThat(scrape())
        .contains("gpu_dra_resourceslice_publish_errors_total{driver=\"gpu.nvidia.com\"} 1.0")
        .doesNotContain("publish_resources");
  }

  record BeforeDriver(
      String name, Operation operation, FailureReason reason, String series, String value) {
    @Override
    public String toString() {
      return name;
    }
  }

  static List<BeforeDriver> beforeDriverCases() {
    String prepare = "nvidia_dra_node_prepare_errors_total{driver=\"gpu.nvidia.com\",error_type=";
    String unprepare =
        "nvidia_dra_node_unprepare_errors_total{driver=\"gpu.nvidia.com\",error_type=";
    String lookup = "gpu_dra_claim_lookup_errors_total{driver=\"gpu.nvidia.com\",operation=";
    return List.of(
        new BeforeDriver(
            "prepare lock timeout: lock_acquire",
            Operation.PREPARE,
            FailureReason.LOCK_ACQUIRE,
            prepare + "\"lock_acquire\"}",
            "2.0"),
        new BeforeDriver(
            "unprepare lock timeout: lock_acquire",
            Operation.UNPREPARE,
            FailureReason.LOCK_ACQUIRE,
            unprepare + "\"lock_acquire\"}",
            "2.0"),
        new BeforeDriver(
            "prepare threw: prepare_devices",
            Operation.PREPARE,
            FailureReason.DRIVER_EXCEPTION,
            prepare + "\"prepare_devices\"}",
            "2.0"),
        new BeforeDriver(
            "unprepare threw: unprepare_devices",
            Operation.UNPREPARE,
            FailureReason.DRIVER_EXCEPTION,
            unprepare + "\"unprepare_devices\"}",
            "2.0"),
        new BeforeDriver(
            "claim not fetched: a lookup error, no device error",
            Operation.PREPARE,
            FailureReason.CLAIM_LOOKUP,
            lookup + "\"prepare\"}",
            "2.0"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("beforeDriverCases")
  @DisplayName(
      "claims failed before the driver count with NVIDIA's error_type where NVIDIA's plugin counts"
          + " them, each claim once, and nowhere else")
  void failuresBeforeTheDriver(BeforeDriver c) throws IOException {
    String before = scrape();
    driver.failedBeforeDriver(c.operation(), c.reason(), 2);
    String after = scrape();

    assertThat(after).contains(c.series() + " " + c.value());
    assertThat(changedLines(before, after)).containsExactly(c.series() + " " + c.value());
  }

  @Test
  @DisplayName(
      "every error series NVIDIA's plugin can emit is there at zero from the start, so that the"
          + " first error shows in rate()")
  void errorSeriesStartAtZero() throws IOException {
    String text = scrape();
    String prepare = "nvidia_dra_node_prepare_errors_total{driver=\"gpu.nvidia.com\",error_type=";
    String unprepare =
        "nvidia_dra_node_unprepare_errors_total{driver=\"gpu.nvidia.com\",error_type=";
    assertThat(text)
        .contains(prepare + "\"lock_acquire\"} 0.0")
        .contains(prepare + "\"prepare_devices\"} 0.0")
        .contains(unprepare + "\"lock_acquire\"} 0.0")
        .contains(unprepare + "\"unprepare_devices\"} 0.0")
        .contains("gpu_dra_resourceslice_publish_errors_total{driver=\"gpu.nvidia.com\"} 0.0");
  }

  /** The sample lines of {@code after} that are not in {@code before} (comments left out). */
  private static List<String> changedLines(String before, String after) {
    List<String> old = before.lines().toList();
    return after.lines().filter(l -> !l.startsWith("#") && !old.contains(l)).toList();
  }
}
