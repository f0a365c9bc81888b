package dev.gpudra.operator.reconcile;

import dev.gpudra.controllerkit.leaderelection.LeaseElection;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * The operator's leader election as NVIDIA's ({@code --leader-elect}): the Lease {@value #NAME} in
 * the operator's namespace, held 15 s, renewed within 10 s, tried every 2 s (controller-runtime's
 * defaults); a renew deadline ({@code --leader-lease-renew-deadline}) makes the lease 5 s longer
 * than it.
 *
 * @param namespace the operator's namespace, the Lease's
 * @param renewDeadline NVIDIA's {@code --leader-lease-renew-deadline}; empty: the default
 */
public record LeaderLease(String namespace, Optional<Duration> renewDeadline) {
  /** NVIDIA's lease name. */
  public static final String NAME = "53822513.nvidia.com";

  private static final Duration RETRY = Duration.ofSeconds(2);
  private static final Duration RENEW = Duration.ofSeconds(10);
  private static final Duration MARGIN = Duration.ofSeconds(5);

  public LeaderLease {
    Objects.requireNonNull(namespace, "namespace");
    Objects.requireNonNull(renewDeadline, "renewDeadline");
    renewDeadline.ifPresent(d -> {
      if (d.compareTo(RETRY) <= 0) {
        throw new IllegalArgumentException(
            "--leader-lease-renew-deadline must be longer than the 2s retry period, got " + d);
      }
    });
  }

  public Duration renew() {
    return renewDeadline.orElse(RENEW);
  }

  public Duration leaseDuration() {
    return renew().plus(MARGIN);
  }

  /** The Lease and its timings, for {@link dev.gpudra.controllerkit.leaderelection.Leadership}. */
  public LeaseElection election() {
    return new LeaseElection(NAME, namespace, leaseDuration(), renew(), RETRY);
  }
}
