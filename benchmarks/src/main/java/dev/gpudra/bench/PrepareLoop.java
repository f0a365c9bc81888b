package dev.gpudra.bench;

import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.PrepareResult;
import dev.gpudra.kit.UnprepareResult;
import dev.gpudra.localcluster.kubelet.KubeletStandIn;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;

/**
 * NodePrepareResources / NodeUnprepareResources calls through the kubelet stand-in, one claim per
 * call as the kubelet makes them for a pod with one claim; a failed result is an error.
 */
final class PrepareLoop {
  private final KubeletStandIn kubelet;

  PrepareLoop(KubeletStandIn kubelet) {
    this.kubelet = Objects.requireNonNull(kubelet, "kubelet");
  }

  void prepare(ClaimRef claim) {
    PrepareResult result = kubelet.prepare(PluginLayout.DRIVER, List.of(claim)).get(claim.uid());
    if (result.failed()) {
      throw new IllegalStateException("prepare of " + claim + " failed: " + result.error());
    }
  }

  void unprepare(ClaimRef claim) {
    UnprepareResult result =
        kubelet.unprepare(PluginLayout.DRIVER, List.of(claim)).get(claim.uid());
    if (result.failed()) {
      throw new IllegalStateException("unprepare of " + claim + " failed: " + result.error());
    }
  }

  /** One prepare, timed; nanoseconds. */
  long timePrepare(ClaimRef claim) {
    long started = System.nanoTime();
    prepare(claim);
    return System.nanoTime() - started;
  }

  /** One unprepare, timed; nanoseconds. */
  long timeUnprepare(ClaimRef claim) {
    long started = System.nanoTime();
    unprepare(claim);
    return System.nanoTime() - started;
  }

  /**
   * Prepare+unprepare cycles for a while, from {@code callers} threads; caller j takes the claims
   * whose device index modulo {@code callers} is j, so no two callers ever want the same device.
   *
   * @param deviceCount how many devices the claims rotate over (claim i has device i % count)
   */
  Throughput cycles(List<ClaimRef> claims, int deviceCount, int callers, Duration duration)
      throws InterruptedException {
    AtomicLong done = new AtomicLong();
    long started = System.nanoTime();
    long deadline = started + duration.toNanos();
    List<Future<?>> running = new ArrayList<>();
    try (ExecutorService pool = Executors.newFixedThreadPool(callers)) {
      for (int caller = 0; caller < callers; caller++) {
        List<ClaimRef> mine = share(claims, deviceCount, callers, caller);
        running.add(pool.submit(() -> loop(mine, deadline, done)));
      }
      for (Future<?> f : running) {
        try {
          f.get();
        } catch (java.util.concurrent.ExecutionException e) {
          throw new IllegalStateException("a caller failed", e.getCause());
        }
      }
    }
    return new Throughput(done.get(), System.nanoTime() - started);
  }

  static List<ClaimRef> share(List<ClaimRef> claims, int deviceCount, int callers, int caller) {
    List<ClaimRef> mine = new ArrayList<>();
    for (int i = 0; i < claims.size(); i++) {
      if ((i % deviceCount) % callers == caller) {
        mine.add(claims.get(i));
      }
    }
    return mine;
  }

  private void loop(List<ClaimRef> claims, long deadline, AtomicLong done) {
    for (int i = 0; System.nanoTime() < deadline; i++) {
      ClaimRef claim = claims.get(i % claims.size());
      prepare(claim);
      unprepare(claim);
      done.incrementAndGet();
    }
  }
}
