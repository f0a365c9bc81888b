package dev.gpudra.operator.reconcile;

import dev.gpudra.controllerkit.leaderelection.Leadership;
import dev.gpudra.controllerkit.runtime.ControllerRuntime;
import dev.gpudra.controllerkit.runtime.Launch;
import dev.gpudra.operator.metrics.OperatorMetrics;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.javaoperatorsdk.operator.Operator;
import java.time.Clock;
import java.util.Objects;
import java.util.Optional;

/**
 * Runs the ClusterPolicy reconciler on java-operator-sdk ({@link ControllerRuntime}; and, when
 * NVIDIA's GPUCluster CRD is installed, the GPUCluster one, its DRA-only alias), with the informer
 * caches they read, and when asked with NVIDIA's leader election (only the Lease's holder
 * reconciles). Writes are plain creates, updates and status merge patches (no server-side apply),
 * the same against a real API server as in the tests.
 */
public final class ClusterPolicyOperator implements AutoCloseable {
  private final ControllerRuntime runtime;

  private ClusterPolicyOperator(ControllerRuntime runtime) {
    this.runtime = runtime;
  }

  /** Without leader election, its metrics kept to itself. */
  public static ClusterPolicyOperator start(KubernetesClient client, OperatorSettings settings) {
    return start(client, settings, Optional.empty(), new OperatorMetrics(), () -> {});
  }

  /**
   * @param election the Lease to hold before reconciling ({@link LeaderLease#election()}); empty:
   *     reconcile at once
   * @param metrics what the reconciler counts (served by the caller)
   * @param onLeaseLost what to do when the lease is lost other than by {@link #close()}: another
   *     replica acts now, so this one must stop (NVIDIA's operator exits)
   */
  public static ClusterPolicyOperator start(
      KubernetesClient client,
      OperatorSettings settings,
      Optional<Leadership> election,
      OperatorMetrics metrics,
      Runnable onLeaseLost) {
    Objects.requireNonNull(client, "client");
    OperatorCaches caches = new OperatorCaches(client, settings.namespace());
    return new ClusterPolicyOperator(
        ControllerRuntime.start(
            new Launch(client, election, onLeaseLost),
            caches.informers(),
            operator -> register(operator, client, settings, caches, metrics)));
  }

  private static void register(
      Operator operator,
      KubernetesClient client,
      OperatorSettings settings,
      OperatorCaches caches,
      OperatorMetrics metrics) {
    ObjectApplier applier = new ObjectApplier(client, Clock.systemUTC());
    PolicyPass pass =
        new PolicyPass(
            client,
            settings,
            caches,
            new PolicyPass.Steps(
                new NodeMover(client, caches, settings.namespace()),
                new StateApplier(applier, caches),
                new DriverUpgrader(client, caches, settings, metrics, Clock.systemUTC()),
                new NvidiaDriverPass(
                    client, caches, applier, settings.namespace(), Clock.systemUTC())));
    operator.register(
        new ClusterPolicyReconciler(settings, caches, pass, metrics, Clock.systemUTC()));
    if (caches.watchesGpuClusters()) {
      operator.register(new GpuClusterReconciler(settings, caches, pass, Clock.systemUTC()));
    }
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
    runtime.close();
  }
}
