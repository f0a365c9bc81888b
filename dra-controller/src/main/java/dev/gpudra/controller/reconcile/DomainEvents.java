package dev.gpudra.controller.reconcile;

import dev.gpudra.api.computedomain.ComputeDomain;
import io.javaoperatorsdk.operator.api.reconciler.EventSourceContext;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import io.javaoperatorsdk.operator.processing.event.source.IndexerResourceCache;
import io.javaoperatorsdk.operator.processing.event.source.inbound.SimpleInboundEventSource;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A change to one of a domain's daemon pods, its DaemonSet, its cliques or its templates (seen by
 * {@link DomainCaches}) reconciles that domain at once, instead of at its next periodic pass: a
 * daemon's Ready entry reaches the domain's status in milliseconds, and a deleted template is made
 * again. The domain is found by its UID (the objects' label) in the controller's own cache.
 */
final class DomainEvents extends SimpleInboundEventSource<ComputeDomain> {
  private static final String BY_UID = "uid";

  private final IndexerResourceCache<ComputeDomain> domains;
  private final DomainCaches caches;
  private final AtomicBoolean subscribed = new AtomicBoolean();

  DomainEvents(EventSourceContext<ComputeDomain> context, DomainCaches caches) {
    super("compute-domain-objects");
    this.caches = caches;
    this.domains = context.getPrimaryCache();
    domains.addIndexer(BY_UID, d -> List.of(d.getMetadata().getUid()));
  }

  @Override
  public void start() {
    super.start();
    if (subscribed.compareAndSet(false, true)) {
      caches.onChange(this::changed);
    }
  }

  private void changed(String domainUid) {
    for (ComputeDomain domain : domains.byIndex(BY_UID, domainUid)) {
      propagateEvent(ResourceID.fromResource(domain));
    }
  }
}
