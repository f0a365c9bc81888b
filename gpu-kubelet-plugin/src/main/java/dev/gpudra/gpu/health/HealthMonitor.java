package dev.gpudra.gpu.health;

import dev.gpudra.gpu.discovery.AbstractMigDevice;
import dev.gpudra.gpu.discovery.AllocatableDevice;
import dev.gpudra.kit.resourcehealth.DeviceHealth;
import dev.gpudra.node.xid.HealthSettings;
import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.Nvml;
import dev.gpudra.nvml.NvmlGpuLostException;
import dev.gpudra.nvml.RecoveryAction;
import dev.gpudra.nvml.XidEvent;
import dev.gpudra.nvml.XidWatch;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Watches NVML's XID events on one thread, as NVIDIA's plugin does (5 s waits on one event set):
 * each event is judged ({@link XidJudge}) and taints the devices it is about; after every wait,
 * taints that have been clean for the recovery period are removed, and so are those of GPUs whose
 * recovery action NVML reads as none again, and the health of every device is reported. A lost GPU
 * is found by asking each GPU, tainted for good and left out of the next event set.
 */
public final class HealthMonitor implements AutoCloseable {
  static final Duration WAIT = Duration.ofSeconds(5);

  /** The longest pause between tries while NVML will not watch at all. */
  static final Duration MAX_PAUSE = Duration.ofMinutes(5);

  private static final Logger log = LoggerFactory.getLogger(HealthMonitor.class);

  private final Nvml nvml;
  private final XidRouter router;
  private final HealthSettings settings;
  private final XidJudge judge;
  private final Clock clock;
  private final HealthBook book;
  private final HealthMetrics metrics;
  private final HealthListener listener;
  private final Set<String> lostGpus = new HashSet<>();
  private final Thread thread;
  private volatile boolean stopping;
  private int failures;

  /** The monitor's parts: what it reads, what it writes, whom it tells. */
  public record Parts(
      HealthBook book, HealthMetrics metrics, HealthListener listener, Clock clock) {}

  private HealthMonitor(
      Nvml nvml, List<AllocatableDevice> devices, HealthSettings settings, Parts parts) {
    this.nvml = Objects.requireNonNull(nvml, "nvml");
    this.router = new XidRouter(devices);
    this.settings = Objects.requireNonNull(settings, "settings");
    this.judge = new XidJudge(nvml, settings);
    this.clock = parts.clock();
    this.book = parts.book();
    this.metrics = parts.metrics();
    this.listener = parts.listener();
    this.thread = Thread.ofPlatform().daemon().name("nvml-health").unstarted(this::run);
  }

  /** Starts watching; the first report comes once the event set is registered. */
  public static HealthMonitor start(
      Nvml nvml, List<AllocatableDevice> devices, HealthSettings settings, Parts parts) {
    HealthMonitor monitor = new HealthMonitor(nvml, devices, settings, parts);
    monitor.thread.start();
    return monitor;
  }

  private void run() {
    while (!stopping) {
      try (XidWatch watch = nvml.watchXids(watchable())) {
        failures = 0;
        List<HealthChange> changes = new ArrayList<>();
        watch.unwatched().forEach(g -> unmonitored(g, changes));
        watchable().stream()
            .filter(g -> !watch.unwatched().contains(g))
            .flatMap(g -> router.devicesOf(g).stream())
            .forEach(d -> book.monitored(d).ifPresent(changes::add));
        report(changes);
        loop(watch);
      } catch (NvmlGpuLostException e) {
        findLostGpus();
      } catch (InterruptedException e) {
        return;
      } catch (RuntimeException e) {
        if (!failed(e)) {
          return;
        }
      }
    }
  }

  /**
   * NVML would not watch at all: every device is unmonitored until it does; tried again after a
   * pause that doubles up to {@link #MAX_PAUSE}, said once at WARN and then at DEBUG.
   *
   * @return false when the monitor is stopping
   */
  private boolean failed(RuntimeException e) {
    failures++;
    Duration pause = WAIT.multipliedBy(1L << Math.min(failures - 1, 6));
    pause = pause.compareTo(MAX_PAUSE) > 0 ? MAX_PAUSE : pause;
    if (failures == 1) {
      log.warn("NVML will not watch XID events; devices are unmonitored, trying again", e);
    } else {
      log.debug("NVML still will not watch XID events ({} tries): {}", failures, e.getMessage());
    }
    List<HealthChange> changes = new ArrayList<>();
    watchable().forEach(g -> unmonitored(g, changes));
    report(changes);
    return pause(pause);
  }

  private void loop(XidWatch watch) throws InterruptedException {
    while (!stopping) {
      List<HealthChange> changes = new ArrayList<>();
      Optional<XidEvent> event = watch.next(WAIT);
      event.ifPresent(e -> changes.addAll(apply(e)));
      List<HealthChange> recovered =
          new ArrayList<>(book.recover(clock.instant(), settings.recovery()));
      recovered.addAll(recoveredByNvml());
      recovered.forEach(r -> metrics.recovered(r.device()));
      changes.addAll(recovered);
      report(changes);
    }
  }

  private List<HealthChange> apply(XidEvent event) {
    Optional<GpuInfo> gpu = router.gpu(event.gpuUuid());
    List<String> devices = gpu.map(g -> devicesOf(g, event)).orElse(List.of());
    if (gpu.isEmpty() || devices.isEmpty()) {
      log.warn(
          "XID {} on {} (GI {}, CI {}) is about no published device",
          event.xid(),
          event.gpuUuid(),
          event.gpuInstanceId(),
          event.computeInstanceId());
      return List.of();
    }
    XidVerdict verdict = judge.judge(event.xid(), gpu.get());
    if (verdict.wholeGpu()) {
      devices = router.devicesOf(gpu.get());
    }
    List<HealthChange> changes = new ArrayList<>();
    for (String device : devices) {
      metrics.xid(device, event.xid(), verdict.severity());
      book.xid(device, event.xid(), verdict, clock.instant()).ifPresent(changes::add);
    }
    return changes;
  }

  /**
   * The published devices an event is about; with DynamicMIG, a MIG event's device is the one NVML
   * has at that GI and CI now, named as the placement it was published as.
   */
  private List<String> devicesOf(GpuInfo gpu, XidEvent event) {
    List<String> devices = router.devices(event);
    if (!devices.isEmpty() || event.wholeGpu()) {
      return devices;
    }
    try {
      return nvml.migDevices(gpu).stream()
          .filter(m -> m.gpuInstanceId() == event.gpuInstanceId())
          .filter(m -> m.computeInstanceId() == event.computeInstanceId())
          .map(m -> new AbstractMigDevice(gpu, m.profile(), m.placement()).name())
          .filter(router.names()::contains)
          .toList();
    } catch (NvmlGpuLostException e) {
      throw e;
    } catch (RuntimeException e) {
      log.warn("NVML cannot list GPU {}'s MIG devices for XID {}", gpu.uuid(), event.xid(), e);
      return List.of();
    }
  }

  /**
   * Asks NVML again about each GPU whose devices wait for its recovery action: once it reads none
   * (the GPU was reset), their taints go. A GPU NVML will not answer for keeps them.
   */
  private List<HealthChange> recoveredByNvml() {
    Set<String> waiting = book.awaitingRecovery();
    List<HealthChange> changes = new ArrayList<>();
    for (GpuInfo gpu : watchable()) {
      List<String> devices = router.devicesOf(gpu).stream().filter(waiting::contains).toList();
      if (!devices.isEmpty() && noActionNeeded(gpu)) {
        devices.forEach(d -> book.recoveredByNvml(d).ifPresent(changes::add));
      }
    }
    return changes;
  }

  private boolean noActionNeeded(GpuInfo gpu) {
    try {
      return nvml.recoveryAction(gpu).equals(Optional.of(RecoveryAction.NONE));
    } catch (NvmlGpuLostException e) {
      throw e;
    } catch (RuntimeException e) {
      log.debug("NVML cannot tell GPU {}'s recovery action yet", gpu.uuid(), e);
      return false;
    }
  }

  private void unmonitored(GpuInfo gpu, List<HealthChange> changes) {
    log.debug("NVML does not report XID events of GPU {}: its devices are unmonitored", gpu.uuid());
    router
        .devicesOf(gpu)
        .forEach(d -> book.unmonitored(d, clock.instant()).ifPresent(changes::add));
  }

  /** The event set failed with a lost GPU: ask each GPU which it is. */
  private void findLostGpus() {
    List<HealthChange> changes = new ArrayList<>();
    for (GpuInfo gpu : watchable()) {
      try {
        nvml.computeMode(gpu);
      } catch (NvmlGpuLostException e) {
        log.error(
            "GPU {} ({}) is lost: its devices are tainted gpu-lost", gpu.uuid(), gpu.pciBusId());
        lostGpus.add(gpu.uuid());
        router.devicesOf(gpu).forEach(d -> book.lost(d, clock.instant()).ifPresent(changes::add));
      } catch (RuntimeException e) {
        log.debug("GPU {} answers with an error, but is not lost", gpu.uuid(), e);
      }
    }
    report(changes);
    if (changes.isEmpty()) {
      pause(); // NVML said lost, but no GPU is: do not spin
    }
  }

  private List<GpuInfo> watchable() {
    return router.gpus().stream().filter(g -> !lostGpus.contains(g.uuid())).toList();
  }

  private void report(List<HealthChange> changes) {
    if (!changes.isEmpty()) {
      listener.changed(List.copyOf(changes));
    }
    List<DeviceHealth> health = router.names().stream().map(book::health).toList();
    listener.health(health);
  }

  /** Waits one period; false when the monitor is stopping. */
  private boolean pause() {
    return pause(WAIT);
  }

  private boolean pause(Duration period) {
    try {
      Thread.sleep(period);
      return !stopping;
    } catch (InterruptedException e) {
      return false;
    }
  }

  /** Stops the thread; a wait in NVML ends within {@link #WAIT}. */
  @Override
  public void close() {
    stopping = true;
    thread.interrupt();
    try {
      thread.join(WAIT.plusSeconds(2).toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
