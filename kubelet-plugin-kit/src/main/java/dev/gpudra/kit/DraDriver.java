package dev.gpudra.kit;

import dev.gpudra.kit.resourcehealth.HealthFeed;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a DRA driver implements. Within one kubelet call ({@link #request}), the kit fetches the
 * claims to prepare one at a time and calls {@link #prepare} with each as soon as it is fetched, so
 * that only one claim of a call is held in memory at once; {@link #unprepare} gets every claim of
 * its call. Calls run under the node lock, never concurrently with each other. A failure of one
 * claim is reported in that claim's result and never affects another claim.
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

  /**
   * One kubelet call begins: the returned request is closed when the call has been answered (for
   * the driver's request metrics, which count claims, as NVIDIA's).
   *
   * @param claims how many claims the call names
   */
  default Request request(Operation operation, int claims) {
    return () -> {};
  }

  /** A kubelet call in progress. */
  @FunctionalInterface
  interface Request extends AutoCloseable {
    @Override
    void close();
  }

  /**
   * Whether the driver can serve claims now: the health service's {@code readiness}. A driver that
   * refuses every claim (its state unreadable) says false, so the pod shows NotReady.
   */
  default boolean ready() {
    return true;
  }

  /**
   * The health of the driver's devices, served to the kubelet as {@code v1alpha1.DRAResourceHealth}
   * when present; empty for a driver that does not watch its devices.
   */
  default Optional<HealthFeed> healthFeed() {
    return Optional.empty();
  }

  /** Errors from background work (slice publishing, cleanup) that no caller is waiting for. */
  void handleError(Throwable error, String context);

  /**
   * Claims of one kubelet call failed before the driver answered for them (the kit already put the
   * error in their results and logged it): for the driver's metrics.
   */
  default void failedBeforeDriver(Operation operation, FailureReason reason, int claims) {}

  /** The kubelet's two calls. */
  enum Operation {
    PREPARE,
    UNPREPARE
  }

  /** Why claims failed outside the driver's own per-claim results. */
  enum FailureReason {
    /** The node lock ({@code pu.lock}) was not had within its timeout, or could not be opened. */
    LOCK_ACQUIRE,
    /** The claim could not be fetched from the API server, or its UID did not match. */
    CLAIM_LOOKUP,
    /** The driver threw instead of answering per claim. */
    DRIVER_EXCEPTION
  }
}
