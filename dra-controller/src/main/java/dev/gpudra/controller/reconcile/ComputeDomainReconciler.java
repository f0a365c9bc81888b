package dev.gpudra.controller.reconcile;

import dev.gpudra.api.computedomain.ComputeDomain;
import dev.gpudra.api.computedomain.ComputeDomainClique;
import dev.gpudra.api.computedomain.ComputeDomainLabels;
import dev.gpudra.api.computedomain.ComputeDomainStatus;
import dev.gpudra.api.computedomain.DomainStatus;
import dev.gpudra.api.featuregates.FeatureGate;
import dev.gpudra.api.featuregates.FeatureGates;
import dev.gpudra.controller.binding.ChannelBindings;
import dev.gpudra.controller.metrics.DomainMetrics;
import dev.gpudra.controller.model.DaemonSetFactory;
import dev.gpudra.controller.model.DaemonSettings;
import dev.gpudra.controller.model.DomainObjects;
import dev.gpudra.controller.status.DomainStatusRules;
import dev.gpudra.controllerkit.status.StatusPatch;
import dev.gpudra.controllerkit.status.StatusWriter;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.Resource;
import io.javaoperatorsdk.operator.api.reconciler.Cleaner;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.ControllerConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.DeleteControl;
import io.javaoperatorsdk.operator.api.reconciler.ErrorStatusUpdateControl;
import io.javaoperatorsdk.operator.api.reconciler.EventSourceContext;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import io.javaoperatorsdk.operator.processing.event.source.EventSource;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One ComputeDomain's objects and status, as NVIDIA's controller keeps them: its finalizer, the
 * workload template in its namespace, the daemon template and DaemonSet in the driver's namespace,
 * the status from its daemon pods and cliques whenever they change, stale clique entries removed;
 * on deletion the workload template, the DaemonSet and the daemon template go, the nodes lose the
 * domain's label, and the domain's finalizer goes once they are gone. With hostManaged IMEX only
 * the workload template is made, and the domain is Ready.
 */
@ControllerConfiguration(name = "computedomain", finalizerName = ComputeDomainLabels.FINALIZER)
public final class ComputeDomainReconciler
    implements Reconciler<ComputeDomain>, Cleaner<ComputeDomain> {
  private static final Logger log = LoggerFactory.getLogger(ComputeDomainReconciler.class);

  /** On the DaemonSet: the hash of the spec the controller last wrote. */
  static final String SPEC_HASH = "gpu-dra.dev/spec-hash";

  /**
   * How often a domain is looked at with nothing changed. Changes to its daemon pods, DaemonSet,
   * cliques and templates reconcile it at once ({@link DomainEvents}); NVIDIA's controller, which
   * has no such events for its status, looks every 2 s.
   */
  static final Duration RESYNC = Duration.ofSeconds(30);

  private final KubernetesClient client;
  private final DaemonSettings settings;
  private final DomainObjects objects;
  private final DaemonSetFactory daemonSets;
  private final DomainStatusRules rules;
  private final Clock clock;
  private final DomainMetrics metrics;
  private final DomainCaches caches;
  private final StaleEntries stale = new StaleEntries();
  private final StatusPacing pacing = new StatusPacing();

  /** Per domain UID: the spec hash of the DaemonSet it wants. */
  private final Map<String, String> wantedHash = new java.util.concurrent.ConcurrentHashMap<>();

  private final CliqueWriter cliqueWriter;
  private final StatusWriter<ComputeDomain, ComputeDomainStatus> statusWriter;
  private final RecentCreates recentCreates;
  // ComputeDomainBindingConditions: the channel claims' binding conditions; empty without the gate
  private final Optional<ChannelBindings> bindings;

  /**
   * @param setup the daemons' settings and where they register
   * @param metrics where each domain's status and failed reconciliations are counted
   * @param caches where the reconcile reads templates, DaemonSets, daemon pods and cliques
   */
  ComputeDomainReconciler(
      KubernetesClient client,
      DomainSetup setup,
      Clock clock,
      DomainMetrics metrics,
      DomainCaches caches) {
    DaemonSettings settings = setup.settings();
    this.caches = Objects.requireNonNull(caches, "caches");
    this.metrics = Objects.requireNonNull(metrics, "metrics");
    this.client = Objects.requireNonNull(client, "client");
    this.settings = Objects.requireNonNull(settings, "settings");
    this.objects = new DomainObjects(settings);
    this.daemonSets = new DaemonSetFactory(settings);
    this.rules = new DomainStatusRules(setup.cliques());
    this.clock = Objects.requireNonNull(clock, "clock");
    this.cliqueWriter = new CliqueWriter(client);
    this.statusWriter =
        new StatusWriter<>(
            client, ComputeDomain.class, ComputeDomain::getStatus, StatusPatch.REPLACE);
    this.recentCreates = new RecentCreates(clock);
    this.bindings =
        FeatureGates.parse(settings.featureGates())
                .enabled(FeatureGate.COMPUTE_DOMAIN_BINDING_CONDITIONS)
            ? Optional.of(new ChannelBindings(client, clock))
            : Optional.empty();
  }

  /**
   * How this controller runs domains.
   *
   * @param settings the IMEX daemons' image, namespace and resources
   * @param cliques ComputeDomainCliques: the daemons register in cliques (else in the status)
   */
  record DomainSetup(DaemonSettings settings, boolean cliques) {
    DomainSetup {
      Objects.requireNonNull(settings, "settings");
    }
  }

  @Override
  public UpdateControl<ComputeDomain> reconcile(
      ComputeDomain domain, Context<ComputeDomain> context) {
    String uid = domain.getMetadata().getUid();
    String daemonName = DomainObjects.daemonName(domain);
    if (caches
        .template(
            domain.getMetadata().getNamespace(),
            domain.getSpec().channel().resourceClaimTemplate().name())
        .isEmpty()) {
      createOnce(objects.workloadClaimTemplate(domain));
    }
    if (settings.hostManaged()) {
      return hostManaged(domain);
    }
    if (caches.template(settings.namespace(), daemonName).isEmpty()) {
      createOnce(objects.daemonClaimTemplate(domain));
    }
    if (!daemonSetAsWanted(uid, daemonName)) {
      apply(uid, daemonSets.daemonSet(domain));
    }
    List<Pod> pods = caches.daemonPods(uid);
    List<ComputeDomainClique> cliques = caches.cliques(uid);
    StaleEntries.Verdict verdict = stale.check(uid, cliques, nodes(pods), clock.instant());
    verdict.prunes().forEach(cliqueWriter::prune);
    ComputeDomainStatus status =
        rules.status(domain, pods, cliques, caches.channelClaims(uid), clock.instant());
    metrics.status(domain, status.status());
    bindings.ifPresent(b -> b.reconcile(domain, caches.channelClaims(uid), status.nodes()));
    Duration next = verdict.recheck().filter(r -> r.compareTo(RESYNC) < 0).orElse(RESYNC);
    if (statusWriter.changed(domain, status)) {
      Optional<Duration> wait = pacing.wait(uid, domain.getStatus(), status, clock.instant());
      if (wait.isPresent()) {
        next = wait.get().compareTo(next) < 0 ? wait.get() : next;
      } else {
        pacing.written(uid, status, clock.instant());
        log.debug(
            "ComputeDomain {}: status {} -> {}", describe(domain), domain.getStatus(), status);
        statusWriter.write(domain, status);
      }
    }
    return UpdateControl.<ComputeDomain>noUpdate()
        .rescheduleAfter(next.toMillis(), TimeUnit.MILLISECONDS);
  }

  /**
   * With hostManaged IMEX, as NVIDIA's controller: the workload template only, no daemons nor
   * cliques, and the domain Ready once its template exists (the host's daemons are the admin's;
   * each channel claim checks its node's at prepare).
   */
  private UpdateControl<ComputeDomain> hostManaged(ComputeDomain domain) {
    ComputeDomainStatus status = new ComputeDomainStatus(DomainStatus.READY, List.of(), List.of());
    metrics.status(domain, status.status());
    if (statusWriter.changed(domain, status)) {
      log.debug("ComputeDomain {}: Ready (hostManaged IMEX)", describe(domain));
      statusWriter.write(domain, status);
    }
    return UpdateControl.<ComputeDomain>noUpdate()
        .rescheduleAfter(RESYNC.toMillis(), TimeUnit.MILLISECONDS);
  }

  private static Set<String> nodes(List<Pod> pods) {
    return pods.stream()
        .map(p -> p.getSpec() == null ? null : p.getSpec().getNodeName())
        .filter(Objects::nonNull)
        .collect(Collectors.toSet());
  }

  @Override
  public List<EventSource<?, ComputeDomain>> prepareEventSources(
      EventSourceContext<ComputeDomain> context) {
    return List.of(new DomainEvents(context, caches));
  }

  @Override
  public DeleteControl cleanup(ComputeDomain domain, Context<ComputeDomain> context) {
    String uid = domain.getMetadata().getUid();
    List<Resource<? extends HasMetadata>> owned = owned(domain);
    owned.forEach(Resource::delete);
    removeNodeLabels(uid);
    owned.forEach(this::dropFinalizer);
    boolean gone = owned.stream().allMatch(r -> r.get() == null);
    if (!gone) {
      log.info("ComputeDomain {}: waiting for its objects to go", describe(domain));
      return DeleteControl.noFinalizerRemoval().rescheduleAfter(1000);
    }
    stale.forget(uid);
    wantedHash.remove(uid);
    pacing.forget(uid);
    log.info("ComputeDomain {}: its objects and node labels are gone", describe(domain));
    metrics.removed(domain);
    return DeleteControl.defaultDelete();
  }

  /** A failed reconciliation is counted; JOSDK retries it with back-off. */
  @Override
  public ErrorStatusUpdateControl<ComputeDomain> updateErrorStatus(
      ComputeDomain domain, Context<ComputeDomain> context, Exception e) {
    metrics.failed();
    log.warn("ComputeDomain {}: reconciliation failed: {}", describe(domain), e.getMessage());
    return ErrorStatusUpdateControl.defaultErrorProcessing();
  }

  private List<Resource<? extends HasMetadata>> owned(ComputeDomain domain) {
    List<Resource<? extends HasMetadata>> owned = new ArrayList<>();
    owned.add(client.resource(objects.workloadClaimTemplate(domain)));
    owned.add(client.resource(daemonSets.daemonSet(domain)));
    owned.add(client.resource(objects.daemonClaimTemplate(domain)));
    return owned;
  }

  private void dropFinalizer(Resource<? extends HasMetadata> resource) {
    HasMetadata current = resource.get();
    if (current != null && current.hasFinalizer(ComputeDomainLabels.FINALIZER)) {
      resource.edit(r -> {
        r.removeFinalizer(ComputeDomainLabels.FINALIZER);
        return r;
      });
    }
  }

  private void removeNodeLabels(String uid) {
    for (Node node : client.nodes().withLabel(ComputeDomainLabels.DOMAIN, uid).list().getItems()) {
      client
          .nodes()
          .withName(node.getMetadata().getName())
          .edit(n -> {
            n.getMetadata().getLabels().remove(ComputeDomainLabels.DOMAIN);
            return n;
          });
      log.info(
          "node {}: label {} removed", node.getMetadata().getName(), ComputeDomainLabels.DOMAIN);
    }
  }

  /**
   * Whether the cached DaemonSet carries the hash of the one this controller wants (known once
   * built: a domain's spec is immutable and the settings are the process's), so a pass with nothing
   * to do builds nothing. Templates are immutable too: made once, one there already kept.
   */
  private boolean daemonSetAsWanted(String uid, String name) {
    String wanted = wantedHash.get(uid);
    return wanted != null
        && caches
            .daemonSet(settings.namespace(), name)
            .map(d -> d.getMetadata().getAnnotations())
            .map(a -> wanted.equals(a.get(SPEC_HASH)))
            .orElse(false);
  }

  /** A create that finds the object there already (a cache a moment behind) is done. */
  /** Created unless the caches have it or this controller created it moments ago. */
  private void createOnce(HasMetadata object) {
    if (!recentCreates.recent(object)) {
      createUnlessThere(object);
      recentCreates.created(object);
    }
  }

  private void createUnlessThere(HasMetadata object) {
    try {
      client.resource(object).create();
    } catch (io.fabric8.kubernetes.client.KubernetesClientException e) {
      if (e.getCode() != java.net.HttpURLConnection.HTTP_CONFLICT) {
        throw e;
      }
    }
  }

  /**
   * Creates the DaemonSet, or updates it when what we want differs from what we wrote last (an
   * annotation holds its hash: the API server fills defaults into the stored spec, so comparing
   * specs would write on every pass).
   */
  private void apply(String uid, DaemonSet daemonSet) {
    String hash = Integer.toHexString(daemonSet.getSpec().hashCode());
    wantedHash.put(uid, hash);
    daemonSet.getMetadata().setAnnotations(Map.of(SPEC_HASH, hash));
    Optional<DaemonSet> current =
        caches.daemonSet(settings.namespace(), daemonSet.getMetadata().getName());
    if (current.isEmpty()) {
      createOnce(daemonSet);
      return;
    }
    Map<String, String> annotations = current.get().getMetadata().getAnnotations();
    if (annotations == null || !hash.equals(annotations.get(SPEC_HASH))) {
      daemonSet.getMetadata().setResourceVersion(current.get().getMetadata().getResourceVersion());
      client.resource(daemonSet).update();
      log.info("DaemonSet {}/{} updated", settings.namespace(), daemonSet.getMetadata().getName());
    }
  }

  private static String describe(ComputeDomain domain) {
    return domain.getMetadata().getNamespace() + "/" + domain.getMetadata().getName();
  }
}
