package dev.gpudra.kit.claimstatus;

import dev.gpudra.kit.ClaimRef;
import io.fabric8.kubernetes.api.model.resource.v1.AllocatedDeviceStatus;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes this driver's {@code status.devices} entries of claims, on a thread of its own so that the
 * kubelet's calls never wait for the API server. Only the latest wish per claim is kept: a claim
 * asked for twice before its write is written once. Each write reads the claim, merges and replaces
 * the status guarded by the resourceVersion; a conflict reads and merges again, an unavailable
 * server is retried with a growing delay, a refusal (403, 422) is logged and dropped, and a claim
 * deleted meanwhile (404) is done with.
 */
public final class ClaimStatusWriter implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(ClaimStatusWriter.class);

  /** How many conflicts one write merges through before it counts as a failed attempt. */
  static final int CONFLICT_RETRIES = 5;

  /** How often a write the server could not take is tried; the delays double from one second. */
  static final int ATTEMPTS = 6;

  /** The delay before a write's second attempt. */
  public static final Duration FIRST_DELAY = Duration.ofSeconds(1);

  private static final Duration STOP_WAIT = Duration.ofSeconds(2);

  private final ClaimStatusApi api;
  private final StatusMerge merge;
  private final Clock clock;
  private final Duration firstDelay;
  private final ScheduledExecutorService executor;
  private final Map<String, Wish> pending = new HashMap<>();

  /** The devices a claim should show, and how many attempts writing them has had. */
  private record Wish(ClaimRef claim, List<DeviceStatus> devices, int attempts) {
    Wish retried() {
      return new Wish(claim, devices, attempts + 1);
    }
  }

  /**
   * @param firstDelay how long a write the server could not take waits before its second attempt
   */
  public ClaimStatusWriter(
      ClaimStatusApi api, StatusMerge merge, Clock clock, Duration firstDelay) {
    this.firstDelay = Objects.requireNonNull(firstDelay, "firstDelay");
    this.api = Objects.requireNonNull(api, "api");
    this.merge = Objects.requireNonNull(merge, "merge");
    this.clock = Objects.requireNonNull(clock, "clock");
    this.executor =
        Executors.newSingleThreadScheduledExecutor(
            r -> Thread.ofPlatform().daemon().name("claim-status").unstarted(r));
  }

  /**
   * Asks for the claim to show exactly these devices of this driver (none: remove ours); returns at
   * once.
   */
  public void write(ClaimRef claim, List<DeviceStatus> devices) {
    synchronized (pending) {
      boolean queued = pending.containsKey(claim.uid());
      pending.put(claim.uid(), new Wish(claim, List.copyOf(devices), 0));
      if (!queued && !executor.isShutdown()) {
        executor.execute(() -> run(claim.uid()));
      }
    }
  }

  private void run(String uid) {
    Wish wish;
    synchronized (pending) {
      wish = pending.remove(uid);
    }
    if (wish == null) {
      return;
    }
    try {
      writeNow(wish);
    } catch (ClaimStatusException e) {
      failed(wish, e);
    } catch (RuntimeException e) {
      log.error("claim {}: cannot write status.devices", wish.claim(), e);
    }
  }

  private void writeNow(Wish wish) {
    ClaimRef ref = wish.claim();
    for (int conflicts = 0; ; conflicts++) {
      Optional<ResourceClaim> found = api.get(ref.namespace(), ref.name());
      if (found.isEmpty() || !ref.uid().equals(found.get().getMetadata().getUid())) {
        log.debug("claim {} is gone: no status.devices to write", ref);
        return;
      }
      ResourceClaim claim = found.get();
      List<AllocatedDeviceStatus> before =
          claim.getStatus() == null || claim.getStatus().getDevices() == null
              ? List.of()
              : claim.getStatus().getDevices();
      List<AllocatedDeviceStatus> after = merge.merged(claim, wish.devices(), clock.instant());
      if (merge.same(before, after)) {
        return;
      }
      claim.getStatus().setDevices(after.isEmpty() ? null : after);
      try {
        api.replaceStatus(claim);
        log.debug("claim {}: status.devices has {} entries of ours", ref, wish.devices().size());
        return;
      } catch (ClaimStatusException e) {
        if (e.kind() != ClaimStatusException.Kind.CONFLICT || conflicts >= CONFLICT_RETRIES) {
          throw e;
        }
      }
    }
  }

  private void failed(Wish wish, ClaimStatusException e) {
    ClaimRef ref = wish.claim();
    switch (e.kind()) {
      case GONE -> log.debug("claim {} went while its status was written", ref);
      case FORBIDDEN ->
          log.error(
              "claim {}: {}; the plugin's service account needs update on resourceclaims/status"
                  + " and, from Kubernetes 1.37, associated-node:update on resourceclaims/driver"
                  + " (resourceNames: the driver's name)",
              ref,
              e.getMessage());
      case INVALID ->
          log.error("claim {}: the API server refused status.devices: {}", ref, e.getMessage());
      case CONFLICT, UNAVAILABLE -> retry(wish.retried(), e);
    }
  }

  private void retry(Wish wish, ClaimStatusException e) {
    if (wish.attempts() >= ATTEMPTS) {
      log.error(
          "claim {}: gave up writing status.devices after {} attempts: {}",
          wish.claim(),
          ATTEMPTS,
          e.getMessage());
      return;
    }
    long delay = firstDelay.toMillis() << (wish.attempts() - 1);
    log.warn("claim {}: {}; trying again in {} ms", wish.claim(), e.getMessage(), delay);
    synchronized (pending) {
      if (pending.putIfAbsent(wish.claim().uid(), wish) == null && !executor.isShutdown()) {
        executor.schedule(() -> run(wish.claim().uid()), delay, TimeUnit.MILLISECONDS);
      }
    }
  }

  /** Lets the writes in hand finish for a moment, then stops. */
  @Override
  public void close() {
    synchronized (pending) {
      executor.shutdown();
    }
    try {
      if (!executor.awaitTermination(STOP_WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
        executor.shutdownNow();
      }
    } catch (InterruptedException e) {
      executor.shutdownNow();
      Thread.currentThread().interrupt();
    }
  }
}
