package dev.gpudra.operator.status;

import dev.gpudra.api.clusterpolicy.Reasons;
import dev.gpudra.api.nvidiadriver.NvidiaDriverState;
import dev.gpudra.api.nvidiadriver.NvidiaDriverStatus;
import io.fabric8.kubernetes.api.model.Condition;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * An NVIDIADriver's status as NVIDIA's controller writes it: {@code ready} with {@code Reconciled};
 * {@code notReady} with {@code DriverNotReady} (its pods are coming up), {@code
 * ConflictingNodeSelector} or {@code ReconcileFailed}; {@code disabled} while the ClusterPolicy
 * keeps its own driver. Conditions keep their transition time while they hold.
 */
public final class NvidiaDriverStatusRules {
  private NvidiaDriverStatusRules() {}

  public static NvidiaDriverStatus ready(
      String namespace, Optional<NvidiaDriverStatus> previous, Instant now) {
    return new NvidiaDriverStatus(
        NvidiaDriverState.READY,
        namespace,
        PolicyStatusRules.pair(
            true,
            Reasons.RECONCILED,
            "All resources have been successfully reconciled",
            before(previous),
            now));
  }

  /**
   * @param reason NVIDIA's reason ({@link Reasons#DRIVER_NOT_READY}, {@link
   *     Reasons#CONFLICTING_NODE_SELECTOR}, {@link Reasons#RECONCILE_FAILED})
   */
  public static NvidiaDriverStatus notReady(
      String namespace,
      String reason,
      String message,
      Optional<NvidiaDriverStatus> previous,
      Instant now) {
    return new NvidiaDriverStatus(
        NvidiaDriverState.NOT_READY,
        namespace,
        PolicyStatusRules.pair(false, reason, message, before(previous), now));
  }

  public static NvidiaDriverStatus disabled(
      String namespace, Optional<NvidiaDriverStatus> previous, Instant now) {
    return new NvidiaDriverStatus(
        NvidiaDriverState.DISABLED,
        namespace,
        PolicyStatusRules.pair(
            false,
            Reasons.RECONCILED,
            "useNvidiaDriverCRD is not enabled in ClusterPolicy",
            before(previous),
            now));
  }

  private static List<Condition> before(Optional<NvidiaDriverStatus> previous) {
    return previous.map(NvidiaDriverStatus::conditions).orElse(List.of());
  }
}
