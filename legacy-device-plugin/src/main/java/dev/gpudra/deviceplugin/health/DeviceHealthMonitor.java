package dev.gpudra.deviceplugin.health;

import dev.gpudra.deviceplugin.health.GpuHealthBook.Recovered;
import dev.gpudra.deviceplugin.health.GpuHealthBook.Trouble;
import dev.gpudra.node.xid.XidSeverity;
import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.NvmlException;
import dev.gpudra.nvml.NvmlGpuLostException;
import dev.gpudra.nvml.XidEvent;
import dev.gpudra.nvml.XidWatch;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Watches the GPUs' XID events on one thread, as NVIDIA's plugin does (waits of 5 s on one NVML
 * event set), and keeps each GPU's health: a counted XID makes its GPU Unhealthy, for good when
 * fatal; after every wait, GPUs clean for the recovery period are Healthy again. Subscribers hear
 * of every change, on this thread. As NVIDIA's plugin: GPUs NVML will not watch are Unhealthy from
 * the start; a failed wait (a GPU lost, whichever it is) makes every GPU Unhealthy; an NVML that
 * will not watch at all leaves every GPU Healthy, health checks off.
 */
public final class DeviceHealthMonitor implements HealthSource, AutoCloseable {
  static final Duration WAIT = Duration.ofSeconds(5);

  private static final Logger log = LoggerFactory.getLogger(DeviceHealthMonitor.class);

  private final List<String> gpus;
  private final HealthCheckSettings settings;
  private final InstantSource clock;
  private final Duration wait;
  private final GpuHealthBook book = new GpuHealthBook();
  private final List<HealthListener> listeners = new CopyOnWriteArrayList<>();
  private volatile HealthSnapshot current = HealthSnapshot.ALL_HEALTHY;
  private volatile boolean stopping;
  private volatile Thread thread;

  private DeviceHealthMonitor(
      List<GpuInfo> gpus, HealthCheckSettings settings, InstantSource clock, Duration wait) {
    this.gpus = gpus.stream().map(GpuInfo::uuid).toList();
    this.settings = settings;
    this.clock = clock;
    this.wait = wait;
  }

  /**
   * Starts watching {@code gpus} unless the settings disable health checks. GPUs NVML will not
   * watch are Unhealthy when this returns.
   *
   * @param watcher makes the event set (NVML's {@code watchXids}); called once, on this thread
   */
  public static DeviceHealthMonitor start(
      List<GpuInfo> gpus,
      Function<List<GpuInfo>, XidWatch> watcher,
      HealthCheckSettings settings,
      InstantSource clock) {
    return start(gpus, watcher, settings, clock, WAIT);
  }

  /**
   * As {@link #start(List, Function, HealthCheckSettings, InstantSource)}, waits of {@code wait}.
   */
  static DeviceHealthMonitor start(
      List<GpuInfo> gpus,
      Function<List<GpuInfo>, XidWatch> watcher,
      HealthCheckSettings settings,
      InstantSource clock,
      Duration wait) {
    DeviceHealthMonitor monitor = new DeviceHealthMonitor(gpus, settings, clock, wait);
    if (settings.disabled()) {
      log.info(
          "health checks are off ({}=all, no {}): every GPU stays Healthy",
          HealthCheckSettings.DISABLE_VARIABLE,
          HealthCheckSettings.ENABLE_VARIABLE);
      return monitor;
    }
    XidWatch watch;
    try {
      watch = watcher.apply(gpus);
    } catch (NvmlException e) {
      log.warn(
          "NVML will not watch XID events ({}): health checks are off, every GPU stays Healthy,"
              + " as NVIDIA's plugin",
          e.getMessage());
      return monitor;
    }
    monitor.watch(watch);
    return monitor;
  }

  private void watch(XidWatch watch) {
    Instant now = clock.instant();
    for (GpuInfo gpu : watch.unwatched()) {
      log.warn(
          "GPU {}: NVML will not report its XID events: Unhealthy until the plugin restarts, as"
              + " NVIDIA's plugin",
          gpu.uuid());
      book.mark(gpu.uuid(), new Trouble("no XID events from NVML", XidSeverity.FATAL, now));
    }
    publish();
    thread = Thread.ofPlatform().daemon().name("device-plugin-health").start(() -> run(watch));
  }

  /** Waits on the event set until closed; the event set is closed here, by the waiting thread. */
  private void run(XidWatch watch) {
    try {
      while (!stopping) {
        watch.next(timeout()).ifPresent(this::apply);
        recover();
      }
    } catch (InterruptedException e) {
      // close() stops the wait
    } catch (NvmlException e) {
      if (!stopping) {
        waitFailed(e);
      }
    } finally {
      try {
        watch.close();
      } catch (RuntimeException e) {
        log.debug("closing the XID event set failed", e);
      }
    }
  }

  /** Until the next GPU may recover, at most one wait. */
  private Duration timeout() {
    Optional<Duration> untilRecovery =
        book.nextRecovery(settings.recovery()).map(at -> Duration.between(clock.instant(), at));
    if (untilRecovery.isEmpty() || untilRecovery.get().compareTo(wait) >= 0) {
      return wait;
    }
    Duration least = Duration.ofMillis(1);
    return untilRecovery.get().compareTo(least) < 0 ? least : untilRecovery.get();
  }

  private void apply(XidEvent event) {
    long xid = event.xid();
    XidSeverity severity = settings.classify(xid);
    if (severity == XidSeverity.IGNORED) {
      log.info("GPU {}: XID {} ignored: health unchanged", event.gpuUuid(), xid);
      return;
    }
    List<String> affected = gpus;
    if (gpus.contains(event.gpuUuid())) {
      affected = List.of(event.gpuUuid());
    } else {
      log.warn(
          "XID {} on {}, none of this plugin's GPUs: every GPU takes it, as NVIDIA's plugin",
          xid,
          event.gpuUuid());
    }
    Instant now = clock.instant();
    for (String gpu : affected) {
      Optional<Trouble> held = book.mark(gpu, new Trouble("XID " + xid, severity, now));
      logXid(gpu, xid, severity, held);
    }
    publish();
  }

  private void logXid(String gpu, long xid, XidSeverity severity, Optional<Trouble> held) {
    if (held.isPresent() && held.get().forGood()) {
      log.info("GPU {}: XID {}: stays Unhealthy for good ({})", gpu, xid, held.get().cause());
    } else if (severity == XidSeverity.FATAL) {
      log.error(
          "GPU {}: XID {} (needs a GPU reset or more): Unhealthy until the plugin restarts",
          gpu,
          xid);
    } else if (settings.recovery().isZero()) {
      log.warn("GPU {}: XID {}: Unhealthy until the plugin restarts", gpu, xid);
    } else {
      log.warn(
          "GPU {}: XID {}: Unhealthy{}; Healthy again after {} s without another counted XID",
          gpu,
          xid,
          held.isPresent() ? " still" : "",
          settings.recovery().toSeconds());
    }
  }

  private void recover() {
    List<Recovered> recovered = book.recover(clock.instant(), settings.recovery());
    for (Recovered r : recovered) {
      log.info(
          "GPU {}: Healthy again: no counted XID for {} s since {}",
          r.gpu(),
          settings.recovery().toSeconds(),
          r.trouble().cause());
    }
    if (!recovered.isEmpty()) {
      publish();
    }
  }

  /** The event set failed: which GPU, NVML does not say, so every GPU is Unhealthy for good. */
  private void waitFailed(NvmlException e) {
    String cause =
        e instanceof NvmlGpuLostException ? "a GPU is lost" : "waiting for XID events failed";
    Instant now = clock.instant();
    for (String gpu : gpus) {
      Optional<Trouble> held = book.mark(gpu, new Trouble(cause, XidSeverity.FATAL, now));
      if (held.isEmpty() || !held.get().forGood()) {
        log.error(
            "GPU {}: {} ({}): Unhealthy until the plugin restarts, as NVIDIA's plugin",
            gpu,
            cause,
            e.getMessage());
      }
    }
    publish();
  }

  private void publish() {
    HealthSnapshot next = book.snapshot();
    if (next.equals(current)) {
      return;
    }
    current = next;
    for (HealthListener listener : listeners) {
      try {
        listener.changed(next);
      } catch (RuntimeException e) {
        log.warn("a health listener failed", e);
      }
    }
  }

  @Override
  public HealthSnapshot current() {
    return current;
  }

  @Override
  public Subscription subscribe(HealthListener listener) {
    listeners.add(listener);
    return () -> listeners.remove(listener);
  }

  /** Stops watching; a wait in NVML ends within one wait. */
  @Override
  public void close() {
    stopping = true;
    if (thread == null) {
      return;
    }
    thread.interrupt();
    try {
      thread.join(wait.plusSeconds(2).toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
