package dev.gpudra.kit.claimstatus;

import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimBuilder;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One claim kept in memory with a resourceVersion, as the API server's {@code /status} keeps it;
 * failures queued with {@link #failNext} answer the next writes in turn.
 */
final class InMemoryClaims implements ClaimStatusApi {
  private final Deque<ClaimStatusException.Kind> failures = new ArrayDeque<>();
  private final AtomicInteger writes = new AtomicInteger();
  private ResourceClaim stored;
  private long version = 1;

  InMemoryClaims(ResourceClaim claim) {
    this.stored = copy(claim, "1");
  }

  synchronized void failNext(ClaimStatusException.Kind kind) {
    failures.add(kind);
  }

  /** Someone else changes the claim: writes still holding the old version conflict. */
  synchronized void bump() {
    version++;
    stored = copy(stored, Long.toString(version));
  }

  synchronized ResourceClaim stored() {
    return copy(stored, stored.getMetadata().getResourceVersion());
  }

  /** Writes answered, failed ones included. */
  int writes() {
    return writes.get();
  }

  @Override
  public synchronized Optional<ResourceClaim> get(String namespace, String name) {
    return Optional.of(stored());
  }

  @Override
  public synchronized void replaceStatus(ResourceClaim claim) {
    writes.incrementAndGet();
    ClaimStatusException.Kind failure = failures.poll();
    if (failure != null) {
      if (failure == ClaimStatusException.Kind.CONFLICT) {
        bump();
      }
      throw new ClaimStatusException(failure, "injected " + failure, null);
    }
    if (!claim.getMetadata().getResourceVersion().equals(Long.toString(version))) {
      throw new ClaimStatusException(ClaimStatusException.Kind.CONFLICT, "stale", null);
    }
    version++;
    stored = copy(claim, Long.toString(version));
  }

  private static ResourceClaim copy(ResourceClaim claim, String resourceVersion) {
    ResourceClaim copy = new ResourceClaimBuilder(claim).build();
    copy.getMetadata().setResourceVersion(resourceVersion);
    return copy;
  }
}
