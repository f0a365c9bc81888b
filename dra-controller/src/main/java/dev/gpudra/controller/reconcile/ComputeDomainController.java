package dev.gpudra.controller.reconcile;

import dev.gpudra.controller.metrics.DomainMetrics;
import dev.gpudra.controller.model.DaemonSettings;
import dev.gpudra.leaderelection.Leadership;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.javaoperatorsdk.operator.Operator;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the ComputeDomain reconciler on java-operator-sdk: informers on ComputeDomains in every
 * namespace, retries with back-off, the finalizer, and, when asked, leader election over a Lease
 * (NVIDIA's {@code controller.leaderElection}). Writes are plain updates, JSON merge patches, and
 * the status as one JSON Patch of {@code /status} ({@link DomainStatusWriter}); no server-side
 * apply, the same against a real API server as in the tests.
 */
public final class ComputeDomainController implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(ComputeDomainController.class);

  private final Operator operator;

  /** How often objects of deleted domains are looked for, as NVIDIA's cleanup managers. */
  public static final Duration CLEANUP_PERIOD = Duration.ofMinutes(10);

  private final ScheduledExecutorService cleanup;

  private final DomainCaches caches;

  private final AtomicBoolean closing;

  private ComputeDomainController(
      Operator operator,
      DomainCaches caches,
      ScheduledExecutorService cleanup,
      AtomicBoolean closing) {
    this.operator = operator;
    this.caches = caches;
    this.cleanup = cleanup;
    this.closing = closing;
  }

  /**
   * @param leaderElection the Lease, its timings and its access check; empty: no election
   */
  public static ComputeDomainController start(
      KubernetesClient client,
      DaemonSettings settings,
      boolean cliques,
      Optional<Leadership> leaderElection) {
    return start(client, settings, cliques, leaderElection, new DomainMetrics(), () -> {});
  }

  /**
   * @param metrics what the reconciler counts (served by the caller)
   * @param onLeaseLost what to do when the lease is lost other than by {@link #close()}: another
   *     replica acts now, so this one must stop (NVIDIA's controller exits)
   */
  public static ComputeDomainController start(
      KubernetesClient client,
      DaemonSettings settings,
      boolean cliques,
      Optional<Leadership> leaderElection,
      DomainMetrics metrics,
      Runnable onLeaseLost) {
    Objects.requireNonNull(client, "client");
    AtomicBoolean closing = new AtomicBoolean();
    Runnable lost =
        () -> {
          if (!closing.get()) {
            onLeaseLost.run();
          }
        };
    Operator operator =
        new Operator(o -> {
          o.withKubernetesClient(client)
              .withCloseClientOnStop(false)
              .withUseSSAToPatchPrimaryResource(false)
              .withSSABasedCreateUpdateMatchForDependentResources(false);
          leaderElection.ifPresent(l -> o.withLeaderElectionConfiguration(l.configuration(lost)));
        });
    DomainCaches caches = DomainCaches.start(client, settings.namespace());
    try {
      operator.register(
          new ComputeDomainReconciler(
              client,
              new ComputeDomainReconciler.DomainSetup(settings, cliques),
              Clock.systemUTC(),
              metrics,
              caches));
      operator.start();
    } catch (RuntimeException e) {
      caches.close();
      throw e;
    }
    return new ComputeDomainController(
        operator, caches, startCleanup(new OrphanCleanup(client, settings.namespace())), closing);
  }

  private static ScheduledExecutorService startCleanup(OrphanCleanup orphans) {
    var executor =
        Executors.newSingleThreadScheduledExecutor(
            r -> Thread.ofPlatform().daemon().name("compute-domain-orphans").unstarted(r));
    executor.scheduleWithFixedDelay(
        () -> {
          try {
            orphans.run();
          } catch (RuntimeException e) {
            log.warn("orphan cleanup failed; retried in {}", CLEANUP_PERIOD, e);
          }
        },
        0,
        CLEANUP_PERIOD.toSeconds(),
        TimeUnit.SECONDS);
    return executor;
  }

  @Override
  public void close() {
    closing.set(true);
    cleanup.shutdownNow();
    operator.stop();
    caches.close();
  }
}
