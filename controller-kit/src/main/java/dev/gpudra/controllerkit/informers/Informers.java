package dev.gpudra.controllerkit.informers;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletionStage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The informers one controller reads, started together: each is added (not yet started), then
 * {@link #start()} starts them all and waits until each has listed once, at most {@link
 * #syncBound()} in all. A controller that reconciled from a cache not yet listed would take every
 * object for missing.
 */
public final class Informers implements AutoCloseable {
  /** How long start waits for every informer to list once, as java-operator-sdk's default. */
  public static final Duration SYNC_BOUND = Duration.ofMinutes(2);

  private static final Logger log = LoggerFactory.getLogger(Informers.class);

  private final Duration syncBound;
  private final List<Cache<?>> caches = new ArrayList<>();

  public Informers() {
    this(SYNC_BOUND);
  }

  public Informers(Duration syncBound) {
    this.syncBound = Objects.requireNonNull(syncBound, "syncBound");
    if (syncBound.isNegative() || syncBound.isZero()) {
      throw new IllegalArgumentException("syncBound must be positive, got " + syncBound);
    }
  }

  public Duration syncBound() {
    return syncBound;
  }

  /**
   * Adds an informer to start with the others.
   *
   * @param name what it watches, as errors and logs name it ({@code pods in gpu-dra})
   * @param informer made with {@code runnableInformer}, not started
   */
  public synchronized <T extends HasMetadata> Cache<T> add(
      String name, SharedIndexInformer<T> informer) {
    Cache<T> cache = new Cache<>(name, informer);
    caches.add(cache);
    return cache;
  }

  /**
   * Starts every informer and waits until each has listed once; when one fails or the bound passes,
   * closes them all and throws.
   *
   * @throws CacheSyncException naming the informer that did not list
   */
  public void start() {
    List<SyncWait.Pending> pending = new ArrayList<>();
    try {
      for (Cache<?> cache : all()) {
        CompletionStage<Void> started = cache.informer().start();
        pending.add(new SyncWait.Pending(cache.name(), started.toCompletableFuture()));
      }
      new SyncWait(syncBound).await(pending);
    } catch (RuntimeException e) {
      close();
      throw e;
    }
    log.debug("informers synced: {}", pending.stream().map(SyncWait.Pending::name).toList());
  }

  /** Stops every informer; their caches keep what they last held. */
  @Override
  public void close() {
    for (Cache<?> cache : all()) {
      cache.informer().close();
    }
  }

  private synchronized List<Cache<?>> all() {
    return List.copyOf(caches);
  }
}
