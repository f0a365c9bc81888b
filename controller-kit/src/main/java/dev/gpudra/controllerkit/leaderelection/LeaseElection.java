package dev.gpudra.controllerkit.leaderelection;

import java.time.Duration;
import java.util.Objects;

/**
 * A Lease and the timings of client-go's leader election.
 *
 * @param name the Lease
 * @param namespace its namespace
 * @param leaseDuration how long a lease is held without renewal
 * @param renewDeadline how long the leader tries to renew before it gives up leading
 * @param retryPeriod how often candidates try, and how often the leader renews
 */
public record LeaseElection(
    String name,
    String namespace,
    Duration leaseDuration,
    Duration renewDeadline,
    Duration retryPeriod) {
  public LeaseElection {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(namespace, "namespace");
    Objects.requireNonNull(leaseDuration, "leaseDuration");
    Objects.requireNonNull(renewDeadline, "renewDeadline");
    Objects.requireNonNull(retryPeriod, "retryPeriod");
    if (name.isBlank() || namespace.isBlank()) {
      throw new IllegalArgumentException("leader election needs a lease name and namespace");
    }
    if (!retryPeriod.isPositive()
        || retryPeriod.compareTo(renewDeadline) >= 0
        || renewDeadline.compareTo(leaseDuration) >= 0) {
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

  /** client-go's and controller-runtime's timings: 15 s, 10 s, 2 s. */
  public static LeaseElection defaults(String name, String namespace) {
    return new LeaseElection(
        name, namespace, Duration.ofSeconds(15), Duration.ofSeconds(10), Duration.ofSeconds(2));
  }

  /** How the Lease is named in messages: {@code leases "name" in namespace "ns"}. */
  public String describe() {
    return "Lease \"" + name + "\" in namespace \"" + namespace + "\"";
  }
}
