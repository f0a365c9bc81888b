package dev.gpudra.controller.reconcile;

import dev.gpudra.controller.model.DaemonSettings;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.javaoperatorsdk.operator.Operator;
import io.javaoperatorsdk.operator.api.config.LeaderElectionConfiguration;
import java.time.Clock;
import java.util.Objects;
import java.util.Optional;

/**
 * Runs the ComputeDomain reconciler on java-operator-sdk: informers on ComputeDomains in every
 * namespace, retries with back-off, the finalizer, and, when asked, leader election over a Lease
 * (NVIDIA's {@code controller.leaderElection}). Writes are plain updates and JSON merge patches of
 * the status (no server-side apply), the same against a real API server as in the tests.
 */
public final class ComputeDomainController implements AutoCloseable {
  private final Operator operator;

  private ComputeDomainController(Operator operator) {
    this.operator = operator;
  }

  /**
   * @param leaderElection the Lease and its timings; empty: no election
   */
  public static ComputeDomainController start(
      KubernetesClient client,
      DaemonSettings settings,
      boolean cliques,
      Optional<LeaderElection> leaderElection) {
    Objects.requireNonNull(client, "client");
    Operator operator =
        new Operator(o -> {
          o.withKubernetesClient(client)
              .withCloseClientOnStop(false)
              .withUseSSAToPatchPrimaryResource(false)
              .withSSABasedCreateUpdateMatchForDependentResources(false);
          leaderElection.ifPresent(e ->
              o.withLeaderElectionConfiguration(
                  new LeaderElectionConfiguration(
                      e.leaseName(),
                      e.leaseNamespace(),
                      e.leaseDuration(),
                      e.renewDeadline(),
                      e.retryPeriod())));
        });
    operator.register(new ComputeDomainReconciler(client, settings, cliques, Clock.systemUTC()));
    operator.start();
    return new ComputeDomainController(operator);
  }

  @Override
  public void close() {
    operator.stop();
  }
}
