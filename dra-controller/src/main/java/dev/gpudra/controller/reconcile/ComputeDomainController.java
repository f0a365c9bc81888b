package dev.gpudra.controller.reconcile;

import dev.gpudra.controller.metrics.DomainMetrics;
import dev.gpudra.controller.model.DaemonSettings;
import dev.gpudra.controllerkit.leaderelection.Leadership;
import dev.gpudra.controllerkit.runtime.ControllerRuntime;
import dev.gpudra.controllerkit.runtime.Launch;
import dev.gpudra.controllerkit.status.StatusPatch;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the ComputeDomain reconciler on java-operator-sdk ({@link ControllerRuntime}): informers on
 * ComputeDomains in every namespace, retries with back-off, the finalizer, and, when asked, leader
 * election over a Lease (NVIDIA's {@code controller.leaderElection}); beside it the periodic
 * cleanup of objects whose domain is gone. Writes are plain updates, JSON merge patches, and the
 * status as one JSON Patch of {@code /status} ({@link StatusPatch#REPLACE}); no server-side apply,
 * the same against a real API server as in the tests.
 */
public final class ComputeDomainController implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(ComputeDomainController.class);

  /** How often objects of deleted domains are looked for, as NVIDIA's cleanup managers. */
  public static final Duration CLEANUP_PERIOD = Duration.ofMinutes(10);

  private final ControllerRuntime runtime;
  private final ScheduledExecutorService cleanup;

  private ComputeDomainController(ControllerRuntime runtime, ScheduledExecutorService cleanup) {
    this.runtime = runtime;
    this.cleanup = cleanup;
  }

  /**
   * @param leaderElection the Lease, its timings and its access check; empty: no election
   */
  public static ComputeDomainController start(
      KubernetesClient client,
      DaemonSettings settings,
      boolean cliques,
      Optional<Leadership> leaderElection) {
    return start(
        new Launch(client, leaderElection, () -> {}), settings, cliques, new DomainMetrics());
  }

  /**
   * @param launch the client, the Lease, and what to do when the lease is lost other than by {@link
   *     #close()}: another replica acts now, so this one must stop (NVIDIA's controller exits)
   * @param metrics what the reconciler counts (served by the caller)
   */
  public static ComputeDomainController start(
      Launch launch, DaemonSettings settings, boolean cliques, DomainMetrics metrics) {
    KubernetesClient client = launch.client();
    DomainCaches caches = new DomainCaches(client, settings.namespace());
    ControllerRuntime runtime =
        ControllerRuntime.start(
            launch,
            caches.informers(),
            operator ->
                operator.register(
                    new ComputeDomainReconciler(
                        client,
                        new ComputeDomainReconciler.DomainSetup(settings, cliques),
                        Clock.systemUTC(),
                        metrics,
                        caches)));
    return new ComputeDomainController(
        runtime, startCleanup(new OrphanCleanup(client, settings.namespace())));
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

  /**
   * Whether it runs: started, and every informer of java-operator-sdk healthy (a follower waiting
   * for the Lease is healthy too).
   */
  public boolean healthy() {
    return runtime.healthy();
  }

  @Override
  public void close() {
    cleanup.shutdownNow();
    runtime.close();
  }
}
