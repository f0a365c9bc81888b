package dev.gpudra.controller.reconcile;

import io.fabric8.kubernetes.client.extended.leaderelection.LeaderCallbacks;
import io.javaoperatorsdk.operator.api.config.LeaderElectionConfiguration;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.Objects;
import java.util.UUID;

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

  /**
   * As java-operator-sdk takes it: this process's identity is its host name and a random UUID (two
   * replicas on one host stay apart); losing the lease runs {@code onStopLeading} instead of
   * java-operator-sdk's exit, which would block when the lease ends in a shutdown hook.
   */
  LeaderElectionConfiguration configuration(Runnable onStopLeading) {
    return new LeaderElectionConfiguration(
        leaseName,
        leaseNamespace,
        leaseDuration,
        renewDeadline,
        retryPeriod,
        hostName() + "_" + UUID.randomUUID(),
        new LeaderCallbacks(() -> {}, onStopLeading, leader -> {}),
        false);
  }

  private static String hostName() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (UnknownHostException e) {
      return "compute-domain-controller"; // the UUID after it keeps replicas apart
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
