package dev.gpudra.gpu.metrics;

import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.util.Map;
import java.util.function.Supplier;

/** The plugin's metrics, registered in a registry of their own (no global state). */
public final class DriverMetrics {
  public static final String PREPARE = "NodePrepareResources";
  public static final String UNPREPARE = "NodeUnprepareResources";

  private final PrometheusRegistry registry = new PrometheusRegistry();
  private final String driver;
  private final Counter requests;
  private final Histogram duration;
  private final Gauge inflight;
  private final Counter prepareErrors;
  private final Counter unprepareErrors;

  /**
   * @param preparedDevices prepared device counts by device type, read at each scrape
   */
  public DriverMetrics(String driver, String node, Supplier<Map<String, Long>> preparedDevices) {
    this(driver, node, preparedDevices, () -> false);
  }

  /**
   * @param checkpointUnreadable whether the checkpoint cannot be read (the plugin refuses claims),
   *     read at each scrape
   */
  public DriverMetrics(
      String driver,
      String node,
      Supplier<Map<String, Long>> preparedDevices,
      java.util.function.BooleanSupplier checkpointUnreadable) {
    this.driver = driver;
    requests =
        Counter.builder()
            .name("nvidia_dra_requests_total")
            .help("DRA requests handled, by operation")
            .labelNames("driver", "operation")
            .register(registry);
    duration =
        Histogram.builder()
            .name("nvidia_dra_request_duration_seconds")
            .help("DRA request latency in seconds")
            .labelNames("driver", "operation")
            .classicOnly()
            .classicExponentialUpperBounds(0.05, 2, 9)
            .register(registry);
    inflight =
        Gauge.builder()
            .name("nvidia_dra_requests_inflight")
            .help("DRA requests in progress")
            .labelNames("driver", "operation")
            .register(registry);
    prepareErrors = errorCounter("nvidia_dra_node_prepare_errors_total", "claim prepare errors");
    unprepareErrors =
        errorCounter("nvidia_dra_node_unprepare_errors_total", "claim unprepare errors");
    GaugeWithCallback.builder()
        .name("nvidia_dra_prepared_devices")
        .help("Devices currently prepared, by device type")
        .labelNames("node", "driver", "device_type")
        .callback(cb -> preparedDevices.get().forEach((t, n) -> cb.call(n, node, driver, t)))
        .register(registry);
    GaugeWithCallback.builder()
        .name("gpu_dra_checkpoint_unreadable")
        .help(
            "1 while the checkpoint cannot be read: every prepare and unprepare fails (fail-closed)")
        .labelNames("node", "driver")
        .callback(cb -> cb.call(checkpointUnreadable.getAsBoolean() ? 1 : 0, node, driver))
        .register(registry);
  }

  private Counter errorCounter(String name, String help) {
    return Counter.builder()
        .name(name)
        .help(help)
        .labelNames("driver", "error_type")
        .register(registry);
  }

  public PrometheusRegistry registry() {
    return registry;
  }

  /** Marks a request as started; the returned timer records it when closed. */
  public RequestTimer start(String operation) {
    requests.labelValues(driver, operation).inc();
    inflight.labelValues(driver, operation).inc();
    long started = System.nanoTime();
    return () -> {
      inflight.labelValues(driver, operation).dec();
      duration.labelValues(driver, operation).observe((System.nanoTime() - started) / 1e9);
    };
  }

  public void prepareError(String errorType) {
    prepareErrors.labelValues(driver, errorType).inc();
  }

  public void unprepareError(String errorType) {
    unprepareErrors.labelValues(driver, errorType).inc();
  }

  /** Closes a request's measurement. */
  @FunctionalInterface
  public interface RequestTimer extends AutoCloseable {
    @Override
    void close();
  }
}
