package dev.gpudra.kit.slices;

import dev.gpudra.kit.slices.model.SliceContent;
import dev.gpudra.kit.slices.model.SliceLayout;
import dev.gpudra.kit.slices.model.SlicePlanner;
import dev.gpudra.kit.slices.model.SliceTarget;
import dev.gpudra.kit.slices.model.SyncPlan;
import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps one node-local pool of ResourceSlices in line with the last published device list. Syncs
 * run on one thread; each lists the slices from the API, plans the writes and applies them.
 */
public final class ResourceSlicePublisher implements AutoCloseable {
  /** How publishing errors start their context, so error handlers can tell them apart. */
  public static final String PUBLISH_CONTEXT = "publishing ResourceSlices";

  private static final Logger log = LoggerFactory.getLogger(ResourceSlicePublisher.class);
  private static final Duration FIRST_RETRY = Duration.ofSeconds(1);

  private final SliceTarget target;
  private final SliceApi api;
  private final BiConsumer<Throwable, String> errors;
  private final PublisherSettings settings;
  private final ScheduledExecutorService executor;
  private SharedIndexInformer<ResourceSlice> informer;
  private List<SliceContent> desired;
  private String nodeUid;
  private boolean syncPending;
  private Duration retryDelay = FIRST_RETRY;

  /**
   * @param errors receives sync failures (e.g. {@code DraDriver::handleError}); syncs are retried
   */
  public ResourceSlicePublisher(
      KubernetesClient client,
      SliceTarget target,
      BiConsumer<Throwable, String> errors,
      PublisherSettings settings) {
    this.target = Objects.requireNonNull(target, "target");
    this.api = new SliceApi(client, target, settings.selectors());
    this.errors = Objects.requireNonNull(errors, "errors");
    this.settings = settings;
    this.executor =
        Executors.newSingleThreadScheduledExecutor(
            r -> Thread.ofPlatform().daemon().name("slices-" + target.driver()).unstarted(r));
  }

  /** Starts watching the driver's slices on this node; a deleted slice is re-created. */
  public synchronized void start() {
    if (informer != null) {
      throw new IllegalStateException("publisher already started");
    }
    informer = api.selected().inform(new SliceEvents(), 0);
    schedule(Duration.ZERO);
  }

  /**
   * Whether the slice informer still runs: true while it reconnects after an API outage, false once
   * it stopped for good (then deleted slices would never come back).
   */
  public synchronized boolean running() {
    return informer != null && informer.isRunning();
  }

  /** Replaces the pool's devices, split into slices as the API allows; published asynchronously. */
  public synchronized void publish(List<Device> devices) {
    publishSlices(SliceLayout.slices(devices));
  }

  /**
   * Replaces the pool's slices as given (devices and shared counters); published asynchronously.
   */
  public synchronized void publishSlices(List<SliceContent> slices) {
    desired = List.copyOf(slices);
    schedule(Duration.ZERO);
  }

  @Override
  public void close() {
    SharedIndexInformer<ResourceSlice> running;
    synchronized (this) {
      running = informer;
      informer = null;
    }
    if (running != null) {
      running.close();
    }
    executor.shutdownNow();
    try {
      executor.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private synchronized void schedule(Duration delay) {
    if (syncPending || executor.isShutdown()) {
      return;
    }
    syncPending = true;
    executor.schedule(this::syncSafely, delay.toMillis(), TimeUnit.MILLISECONDS);
  }

  private void syncSafely() {
    List<SliceContent> slices;
    synchronized (this) {
      syncPending = false;
      slices = desired;
    }
    if (slices == null) {
      return; // nothing published yet: leave whatever is there alone
    }
    try {
      sync(slices);
      retryDelay = FIRST_RETRY;
    } catch (RuntimeException e) {
      if (executor.isShutdown()) { // close() interrupted this sync: not a publishing error
        log.debug("sync of pool {} stopped by close: {}", target.poolName(), e.toString());
        return;
      }
      errors.accept(e, PUBLISH_CONTEXT + " of pool " + target.poolName());
      Duration delay = retryDelay;
      retryDelay = min(retryDelay.multipliedBy(2), settings.maxRetryDelay());
      schedule(delay);
    }
  }

  private void sync(List<SliceContent> slices) {
    if (nodeUid == null) {
      nodeUid = api.nodeUid();
    }
    SyncPlan plan = new SlicePlanner(target, nodeUid).planSlices(slices, api.list());
    if (plan.writesNothing()) {
      log.debug("ResourceSlices of pool {} are up to date", target.poolName());
      return;
    }
    plan.deletes().forEach(api::delete);
    plan.updates().forEach(api::update);
    plan.creates().forEach(api::create);
    log.info(
        "published pool {} generation {}: {} slices, {} deleted, {} updated, {} created",
        target.poolName(),
        plan.generation(),
        plan.updates().size() + plan.creates().size(),
        plan.deletes().size(),
        plan.updates().size(),
        plan.creates().size());
  }

  private static Duration min(Duration a, Duration b) {
    return a.compareTo(b) <= 0 ? a : b;
  }

  /** Any change to one of our slices (ours or someone else's write) triggers a sync. */
  private final class SliceEvents implements ResourceEventHandler<ResourceSlice> {
    @Override
    public void onAdd(ResourceSlice slice) {
      changed(slice);
    }

    @Override
    public void onUpdate(ResourceSlice before, ResourceSlice after) {
      changed(after);
    }

    @Override
    public void onDelete(ResourceSlice slice, boolean finalStateUnknown) {
      changed(slice);
    }

    private void changed(ResourceSlice slice) {
      if (target.owns(slice)) {
        schedule(settings.eventDelay());
      }
    }
  }
}
