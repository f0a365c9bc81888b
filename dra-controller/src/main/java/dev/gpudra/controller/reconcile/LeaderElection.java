package dev.gpudra.controller.reconcile;

import java.time.Duration;
import java.util.Objects;

/**
 * The controller's leader election over a {@code coordination.k8s.io} Lease, as NVIDIA's ({@code
 * LEADER_ELECTION_*}; defaults 15 s / 10 s / 2 s).
 *
 * @param leaseName the Lease
 * @param leaseNamespace its namespace
 * @param leaseDuration how long a lease is held without renewal
 * @param renewDeadline how long the leader tries to renew before it gives up leading
 * @param retryPeriod how often candidates try
 */
public record LeaderElection(
    String leaseName,
    String leaseNamespace,
    Duration leaseDuration,
    Duration renewDeadline,
    Duration retryPeriod) {
  public LeaderElection {
    Objects.requireNonNull(leaseName, "leaseName");
    Objects.requireNonNull(leaseNamespace, "leaseNamespace");
    if (leaseName.isBlank() || leaseNamespace.isBlank()) {
      throw new IllegalArgumentException("leader election needs a lease name and namespace");
    }
    if (!leaseDuration.isPositive()
        || !renewDeadline.isPositive()
        || !retryPeriod.isPositive()
        || renewDeadline.compareTo(leaseDuration) >= 0
        || retryPeriod.compareTo(renewDeadline) >= 0) {
      throw new IllegalArgumentException(
          "leader election needs 0 < retry period ("
              + retryPeriod
              + ") < renew deadline ("
              + renewDeadline
              + ") < lease duration ("
              + leaseDuration
              + ")");
    }
  }

  /** NVIDIA's timings for {@code leaseName} in {@code namespace}. */
  public static LeaderElection defaults(String leaseName, String namespace) {
    return new LeaderElection(
        leaseName,
        namespace,
        Duration.ofSeconds(15),
        Duration.ofSeconds(10),
        Duration.ofSeconds(2));
  }
}
