package dev.gpudra.gpu.metrics;

import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.DraDriver;
import dev.gpudra.kit.PrepareResult;
import dev.gpudra.kit.UnprepareResult;
import dev.gpudra.kit.slices.ResourceSlicePublisher;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import java.util.List;
import java.util.Map;

/** Wraps a driver and records request counts, latency and per-claim errors. */
public final class MeteredDriver implements DraDriver {
  private final DraDriver delegate;
  private final DriverMetrics metrics;

  public MeteredDriver(DraDriver delegate, DriverMetrics metrics) {
    this.delegate = delegate;
    this.metrics = metrics;
  }

  @Override
  public Map<String, PrepareResult> prepare(List<ResourceClaim> claims) {
    try (DriverMetrics.RequestTimer t = metrics.start(DriverMetrics.PREPARE)) {
      Map<String, PrepareResult> results = delegate.prepare(claims);
      results.values().stream()
          .filter(PrepareResult::failed)
          .forEach(r -> metrics.prepareError("prepare_devices"));
      return results;
    }
  }

  @Override
  public Map<String, UnprepareResult> unprepare(List<ClaimRef> claims) {
    try (DriverMetrics.RequestTimer t = metrics.start(DriverMetrics.UNPREPARE)) {
      Map<String, UnprepareResult> results = delegate.unprepare(claims);
      results.values().stream()
          .filter(UnprepareResult::failed)
          .forEach(r -> metrics.unprepareError("unprepare_devices"));
      return results;
    }
  }

  @Override
  public void handleError(Throwable error, String context) {
    if (context.startsWith(ResourceSlicePublisher.PUBLISH_CONTEXT)) {
      metrics.prepareError("publish_resources");
    }
    delegate.handleError(error, context);
  }
}
