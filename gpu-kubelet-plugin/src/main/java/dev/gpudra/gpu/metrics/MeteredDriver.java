package dev.gpudra.gpu.metrics;

import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.DraDriver;
import dev.gpudra.kit.PrepareResult;
import dev.gpudra.kit.UnprepareResult;
import dev.gpudra.kit.resourcehealth.HealthFeed;
import dev.gpudra.kit.slices.ResourceSlicePublisher;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Wraps a driver and records request counts, latency and per-claim errors. */
public final class MeteredDriver implements DraDriver {
  private final DraDriver delegate;
  private final DriverMetrics metrics;

  public MeteredDriver(DraDriver delegate, DriverMetrics metrics) {
    this.delegate = delegate;
    this.metrics = metrics;
  }

  /**
   * Counts each claim of the kubelet call and times it by the call (the lock, the claim's fetch and
   * the driver), whatever happens to it, as NVIDIA's plugin counts and times each claim.
   */
  @Override
  public Request request(Operation operation, int claims) {
    Request inner = delegate.request(operation, claims);
    DriverMetrics.RequestTimer timer =
        metrics.start(
            operation == Operation.PREPARE ? DriverMetrics.PREPARE : DriverMetrics.UNPREPARE,
            claims);
    return () -> {
      try {
        inner.close();
      } finally {
        timer.close();
      }
    };
  }

  @Override
  public Map<String, PrepareResult> prepare(List<ResourceClaim> claims) {
    Map<String, PrepareResult> results = delegate.prepare(claims);
    results.values().stream()
        .filter(PrepareResult::failed)
        .forEach(r -> metrics.prepareError("prepare_devices"));
    return results;
  }

  @Override
  public Map<String, UnprepareResult> unprepare(List<ClaimRef> claims) {
    Map<String, UnprepareResult> results = delegate.unprepare(claims);
    results.values().stream()
        .filter(UnprepareResult::failed)
        .forEach(r -> metrics.unprepareError("unprepare_devices"));
    return results;
  }

  /**
   * Failures outside the driver's per-claim results, with NVIDIA's {@code error_type}: {@code
   * lock_acquire} for the node lock; the others count as the operation's device errors, as NVIDIA's
   * plugin counts every failed claim.
   */
  @Override
  public void failedBeforeDriver(Operation operation, FailureReason reason, int claims) {
    boolean prepare = operation == Operation.PREPARE;
    String type =
        reason == FailureReason.LOCK_ACQUIRE
            ? "lock_acquire"
            : prepare ? "prepare_devices" : "unprepare_devices";
    for (int i = 0; i < claims; i++) {
      if (prepare) {
        metrics.prepareError(type);
      } else {
        metrics.unprepareError(type);
      }
    }
    delegate.failedBeforeDriver(operation, reason, claims);
  }

  @Override
  public Optional<HealthFeed> healthFeed() {
    return delegate.healthFeed();
  }

  @Override
  public boolean ready() {
    return delegate.ready();
  }

  @Override
  public void handleError(Throwable error, String context) {
    if (context.startsWith(ResourceSlicePublisher.PUBLISH_CONTEXT)) {
      metrics.prepareError("publish_resources");
    }
    delegate.handleError(error, context);
  }
}
