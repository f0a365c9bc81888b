package dev.gpudra.operator.reconcile;

import io.fabric8.kubernetes.client.extended.leaderelection.LeaderCallbacks;
import io.javaoperatorsdk.operator.api.config.LeaderElectionConfiguration;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

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

  /**
   * As java-operator-sdk takes it: this process's identity is its host name and a random UUID, as
   * controller-runtime's (two replicas on one host stay apart); losing the lease runs {@code
   * onStopLeading} instead of java-operator-sdk's exit, which would block when the lease ends in a
   * shutdown hook.
   */
  LeaderElectionConfiguration configuration(Runnable onStopLeading) {
    return new LeaderElectionConfiguration(
        NAME,
        namespace,
        leaseDuration(),
        renew(),
        RETRY,
        hostName() + "_" + UUID.randomUUID(),
        new LeaderCallbacks(() -> {}, onStopLeading, leader -> {}),
        false);
  }

  private static String hostName() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (UnknownHostException e) {
      return "gpu-dra-operator"; // the UUID after it keeps replicas apart
    }
  }
}
