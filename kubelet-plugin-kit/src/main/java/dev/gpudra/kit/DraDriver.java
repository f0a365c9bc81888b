package dev.gpudra.kit;

import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import java.util.List;
import java.util.Map;

/**
 * What a DRA driver implements. The kit calls {@link #prepare} and {@link #unprepare} with every
 * claim of one kubelet call; each claim's prepare and unprepare never run concurrently with each
 * other (the kit serialises them per claim UID), but different claims may be handled in parallel. A
 * failure of one claim is reported in that claim's result and never affects another claim.
 */
public interface DraDriver {

  /**
   * Prepares allocated claims, fetched from the API server by the kit (UID checked).
   *
   * @return one result per claim, keyed by claim UID
   */
  Map<String, PrepareResult> prepare(List<ResourceClaim> claims);

  /**
   * Releases claims. Must succeed for claims that were never prepared here.
   *
   * @return one result per claim, keyed by claim UID
   */
  Map<String, UnprepareResult> unprepare(List<ClaimRef> claims);

  /** Errors from background work (slice publishing, cleanup) that no caller is waiting for. */
  void handleError(Throwable error, String context);
}
