package dev.gpudra.node.metrics;

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
    DriverMetrics.RequestTimer timer = metrics.start(label(operation), claims);
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
    long failed = results.values().stream().filter(PrepareResult::failed).count();
    metrics.prepareErrors(ErrorType.PREPARE_DEVICES, (int) failed);
    return results;
  }

  @Override
  public Map<String, UnprepareResult> unprepare(List<ClaimRef> claims) {
    Map<String, UnprepareResult> results = delegate.unprepare(claims);
    long failed = results.values().stream().filter(UnprepareResult::failed).count();
    metrics.unprepareErrors(ErrorType.UNPREPARE_DEVICES, (int) failed);
    return results;
  }

  /**
   * Failures outside the driver's per-claim results, where NVIDIA's plugin counts them: {@code
   * lock_acquire} for the node lock, the operation's device errors when the driver threw. A claim
   * that could not be fetched never reached NVIDIA's driver either (the kubelet-plugin helper
   * fetches claims), so it is not a device error: it counts in {@code
   * gpu_dra_claim_lookup_errors_total}.
   */
  @Override
  public void failedBeforeDriver(Operation operation, FailureReason reason, int claims) {
    boolean prepare = operation == Operation.PREPARE;
    switch (reason) {
      case CLAIM_LOOKUP -> metrics.lookupErrors(label(operation), claims);
      case LOCK_ACQUIRE -> count(prepare, ErrorType.LOCK_ACQUIRE, claims);
      case DRIVER_EXCEPTION ->
          count(prepare, prepare ? ErrorType.PREPARE_DEVICES : ErrorType.UNPREPARE_DEVICES, claims);
    }
    delegate.failedBeforeDriver(operation, reason, claims);
  }

  private void count(boolean prepare, ErrorType type, int claims) {
    if (prepare) {
      metrics.prepareErrors(type, claims);
    } else {
      metrics.unprepareErrors(type, claims);
    }
  }

  private static String label(Operation operation) {
    return operation == Operation.PREPARE ? DriverMetrics.PREPARE : DriverMetrics.UNPREPARE;
  }

  @Override
  public Optional<HealthFeed> healthFeed() {
    return delegate.healthFeed();
  }

  @Override
  public boolean ready() {
    return delegate.ready();
  }

  /**
   * Background errors. A failed ResourceSlice sync is no claim's failure (none waits for it), so it
   * counts apart from NVIDIA's prepare errors: see {@link ErrorType}.
   */
  @Override
  public void handleError(Throwable error, String context) {
    if (context.startsWith(ResourceSlicePublisher.PUBLISH_CONTEXT)) {
      metrics.publishError();
    }
    delegate.handleError(error, context);
  }
}
