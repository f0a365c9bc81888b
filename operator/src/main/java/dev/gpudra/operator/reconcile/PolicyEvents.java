package dev.gpudra.operator.reconcile;

import dev.gpudra.api.clusterpolicy.ClusterPolicy;
import io.javaoperatorsdk.operator.api.reconciler.EventSourceContext;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import io.javaoperatorsdk.operator.processing.event.source.IndexerResourceCache;
import io.javaoperatorsdk.operator.processing.event.source.inbound.SimpleInboundEventSource;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A change to any node, pod, claim or operand DaemonSet (seen by {@link OperatorCaches}) reconciles
 * the ClusterPolicies at once: a node that needs labels or a step of its move gets it without
 * waiting for the next periodic pass.
 */
final class PolicyEvents extends SimpleInboundEventSource<ClusterPolicy> {
  private final IndexerResourceCache<ClusterPolicy> policies;
  private final OperatorCaches caches;
  private final AtomicBoolean subscribed = new AtomicBoolean();

  PolicyEvents(EventSourceContext<ClusterPolicy> context, OperatorCaches caches) {
    super("cluster-policy-objects");
    this.policies = context.getPrimaryCache();
    this.caches = caches;
  }

  @Override
  public void start() {
    super.start();
    if (subscribed.compareAndSet(false, true)) {
      caches.onChange(this::changed);
    }
  }

  private void changed() {
    policies.list().forEach(p -> propagateEvent(ResourceID.fromResource(p)));
  }
}
