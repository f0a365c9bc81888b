package dev.gpudra.operator.reconcile;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.javaoperatorsdk.operator.Operator;
import java.time.Clock;
import java.util.Objects;

/**
 * Runs the ClusterPolicy reconciler on java-operator-sdk, with the informer caches it reads. Writes
 * are plain creates, updates and status merge patches (no server-side apply), the same against a
 * real API server as in the tests.
 */
public final class ClusterPolicyOperator implements AutoCloseable {
  private final Operator operator;
  private final OperatorCaches caches;

  private ClusterPolicyOperator(Operator operator, OperatorCaches caches) {
    this.operator = operator;
    this.caches = caches;
  }

  public static ClusterPolicyOperator start(KubernetesClient client, OperatorSettings settings) {
    Objects.requireNonNull(client, "client");
    Operator operator =
        new Operator(o ->
            o.withKubernetesClient(client)
                .withCloseClientOnStop(false)
                .withUseSSAToPatchPrimaryResource(false)
                .withSSABasedCreateUpdateMatchForDependentResources(false));
    OperatorCaches caches = OperatorCaches.start(client, settings.namespace());
    try {
      operator.register(
          new ClusterPolicyReconciler(
              settings,
              caches,
              new NodeMover(client, caches, settings.namespace()),
              new StateApplier(new ObjectApplier(client, Clock.systemUTC()), caches),
              Clock.systemUTC()));
      operator.start();
    } catch (RuntimeException e) {
      caches.close();
      throw e;
    }
    return new ClusterPolicyOperator(operator, caches);
  }

  @Override
  public void close() {
    operator.stop();
    caches.close();
  }
}
