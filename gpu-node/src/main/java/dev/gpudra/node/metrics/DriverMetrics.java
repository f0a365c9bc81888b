package dev.gpudra.node.metrics;

import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/** The plugin's metrics, registered in a registry of their own (no global state). */
public final class DriverMetrics {
  /** NVIDIA's {@code operation} label values. */
  public static final String PREPARE = "prepare";

  public static final String UNPREPARE = "unprepare";

  private final PrometheusRegistry registry = new PrometheusRegistry();
  private final String driver;
  private final Counter requests;
  private final Histogram duration;
  private final Gauge inflight;
  private final Counter prepareErrors;
  private final Counter unprepareErrors;
  private final Counter lookupErrors;
  private final Counter publishErrors;
  private final Set<String> seenTypes = ConcurrentHashMap.newKeySet();

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
    lookupErrors =
        Counter.builder()
            .name("gpu_dra_claim_lookup_errors_total")
            .help("Claims the kubelet named that could not be fetched, or whose UID did not match")
            .labelNames("driver", "operation")
            .register(registry);
    publishErrors =
        Counter.builder()
            .name("gpu_dra_resourceslice_publish_errors_total")
            .help("ResourceSlice syncs of this node's pool that failed (retried with back-off)")
            .labelNames("driver")
            .register(registry);
    GaugeWithCallback.builder()
        .name("nvidia_dra_prepared_devices")
        .help("Devices currently prepared, by device type")
        .labelNames("node", "driver", "device_type")
        .callback(cb ->
            preparedSeries(preparedDevices.get()).forEach((t, n) -> cb.call(n, node, driver, t)))
        .register(registry);
    GaugeWithCallback.builder()
        .name("gpu_dra_checkpoint_unreadable")
        .help(
            "1 while the checkpoint cannot be read: every prepare and unprepare fails (fail-closed)")
        .labelNames("node", "driver")
        .callback(cb -> cb.call(checkpointUnreadable.getAsBoolean() ? 1 : 0, node, driver))
        .register(registry);
    zeroSeries();
  }

  /**
   * Every request series at zero for both operations, so that they are there at the first scrape
   * after a start (as NVIDIA's); the error series too, each error type where it can arise, so that
   * {@code rate()} and {@code increase()} see the first error (a series born at 1 has no increase).
   */
  private void zeroSeries() {
    for (String operation : List.of(PREPARE, UNPREPARE)) {
      requests.labelValues(driver, operation);
      duration.labelValues(driver, operation);
      inflight.labelValues(driver, operation);
      lookupErrors.labelValues(driver, operation);
    }
    publishErrors.labelValues(driver);
    for (ErrorType type : List.of(ErrorType.LOCK_ACQUIRE, ErrorType.PREPARE_DEVICES)) {
      prepareErrors.labelValues(driver, type.label());
    }
    for (ErrorType type : List.of(ErrorType.LOCK_ACQUIRE, ErrorType.UNPREPARE_DEVICES)) {
      unprepareErrors.labelValues(driver, type.label());
    }
  }

  /**
   * The prepared-device counts to report: a device type seen once stays, at 0 when none is
   * prepared, instead of its series vanishing (as NVIDIA's).
   */
  private Map<String, Long> preparedSeries(Map<String, Long> now) {
    seenTypes.addAll(now.keySet());
    Map<String, Long> series = new TreeMap<>();
    seenTypes.forEach(t -> series.put(t, now.getOrDefault(t, 0L)));
    return series;
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

  /**
   * Marks a kubelet call's {@code claims} as started; the returned timer records each of them, with
   * the call's duration, when closed.
   */
  public RequestTimer start(String operation, int claims) {
    requests.labelValues(driver, operation).inc(claims);
    inflight.labelValues(driver, operation).inc(claims);
    long started = System.nanoTime();
    return () -> {
      inflight.labelValues(driver, operation).dec(claims);
      double seconds = (System.nanoTime() - started) / 1e9;
      for (int i = 0; i < claims; i++) {
        duration.labelValues(driver, operation).observe(seconds);
      }
    };
  }

  /** {@code claims} claims failed to prepare, for {@code type}. */
  public void prepareErrors(ErrorType type, int claims) {
    prepareErrors.labelValues(driver, type.label()).inc(claims);
  }

  /** {@code claims} claims failed to unprepare, for {@code type}. */
  public void unprepareErrors(ErrorType type, int claims) {
    unprepareErrors.labelValues(driver, type.label()).inc(claims);
  }

  /** Claims of a kubelet call that failed before the driver saw them: not found, UID mismatch. */
  public void lookupErrors(String operation, int claims) {
    lookupErrors.labelValues(driver, operation).inc(claims);
  }

  /** A background sync of the node's ResourceSlices failed. */
  public void publishError() {
    publishErrors.labelValues(driver).inc();
  }

  /** Closes a request's measurement. */
  @FunctionalInterface
  public interface RequestTimer extends AutoCloseable {
    @Override
    void close();
  }
}
