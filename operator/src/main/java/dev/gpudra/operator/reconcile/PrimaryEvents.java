package dev.gpudra.operator.reconcile;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.javaoperatorsdk.operator.api.reconciler.EventSourceContext;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import io.javaoperatorsdk.operator.processing.event.source.IndexerResourceCache;
import io.javaoperatorsdk.operator.processing.event.source.inbound.SimpleInboundEventSource;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A change to any node, pod, claim or operand workload (seen by {@link OperatorCaches}) reconciles
 * the policies (ClusterPolicies or GPUClusters) at once: a node that needs labels or a step of its
 * move gets it without waiting for the next periodic pass.
 *
 * @param <P> the policy's type
 */
final class PrimaryEvents<P extends HasMetadata> extends SimpleInboundEventSource<P> {
  private final IndexerResourceCache<P> policies;
  private final OperatorCaches caches;
  private final AtomicBoolean subscribed = new AtomicBoolean();

  PrimaryEvents(String name, EventSourceContext<P> context, OperatorCaches caches) {
    super(name);
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
