package dev.gpudra.localcluster.kubelet;

import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.DraDriver;
import dev.gpudra.kit.PrepareResult;
import dev.gpudra.kit.PreparedDevice;
import dev.gpudra.kit.UnprepareResult;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResult;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/** Prepares what the allocation says, one CDI device per allocated device; can be told to fail. */
final class FakeGpuDriver implements DraDriver {
  final AtomicReference<RuntimeException> failNext = new AtomicReference<>();
  final List<String> prepared = new CopyOnWriteArrayList<>();
  final List<String> unprepared = new CopyOnWriteArrayList<>();
  final List<String> backgroundErrors = new CopyOnWriteArrayList<>();
  final AtomicInteger inFlight = new AtomicInteger();
  final AtomicInteger maxInFlight = new AtomicInteger();
  final AtomicInteger prepareCalls = new AtomicInteger();

  /** Runs inside each prepare, before the claims are prepared (a test waits there). */
  volatile Runnable duringPrepare = () -> {};

  @Override
  public Map<String, PrepareResult> prepare(List<ResourceClaim> claims) {
    prepareCalls.incrementAndGet();
    enter();
    try {
      duringPrepare.run();
      Map<String, PrepareResult> out = new LinkedHashMap<>();
      for (ResourceClaim claim : claims) {
        String uid = claim.getMetadata().getUid();
        List<PreparedDevice> devices =
            claim.getStatus().getAllocation().getDevices().getResults().stream()
                .map(r -> device(uid, r))
                .toList();
        out.put(uid, PrepareResult.of(devices));
        prepared.add(uid);
      }
      return out;
    } finally {
      inFlight.decrementAndGet();
    }
  }

  @Override
  public Map<String, UnprepareResult> unprepare(List<ClaimRef> claims) {
    enter();
    try {
      Map<String, UnprepareResult> out = new LinkedHashMap<>();
      claims.forEach(c -> {
        out.put(c.uid(), UnprepareResult.ok());
        unprepared.add(c.uid());
      });
      return out;
    } finally {
      inFlight.decrementAndGet();
    }
  }

  @Override
  public void handleError(Throwable error, String context) {
    backgroundErrors.add(context + ": " + error);
  }

  private void enter() {
    maxInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
    RuntimeException failure = failNext.getAndSet(null);
    if (failure != null) {
      inFlight.decrementAndGet();
      throw failure;
    }
    try {
      Thread.sleep(5); // widen the window in which unserialised calls would overlap
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static PreparedDevice device(String uid, DeviceRequestAllocationResult r) {
    return new PreparedDevice(
        List.of(r.getRequest()),
        r.getPool(),
        r.getDevice(),
        List.of("k8s.gpu.example.com/claim=" + uid + "-" + r.getDevice()),
        Optional.ofNullable(r.getShareID()));
  }
}
