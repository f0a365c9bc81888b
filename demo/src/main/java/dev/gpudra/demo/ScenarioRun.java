package dev.gpudra.demo;

import dev.gpudra.allocator.cluster.ClusterSnapshot;
import dev.gpudra.localcluster.scheduler.AllocatorAgreement;
import dev.gpudra.localcluster.scheduler.AllocatorAgreement.Agreement;
import dev.gpudra.localcluster.scheduler.PlacementDecision.FitsNowhere;
import dev.gpudra.localcluster.scheduler.PodPlacement;
import dev.gpudra.localcluster.scheduler.SchedulerVerdict;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Applies one scenario's manifests in a namespace named after it: everything but the pods first,
 * then each pod in turn, waiting until it has settled (running, unschedulable, or failed to start)
 * and holding the scheduler's decision against what our allocator predicted from the cluster as it
 * was just before the pod was created. A DeviceTaintRule between the pods is created where it
 * stands ({@link TaintRuleStep}). A scenario that asks for the classic device plugin's {@code
 * nvidia.com/gpu} then runs again as {@code gpu-dra migrate} translates it.
 */
public final class ScenarioRun {
  private static final Duration SETTLE_TIMEOUT = Duration.ofSeconds(20);

  private final DemoCluster cluster;
  private final KubernetesClient client;
  private final AllocatorAgreement agreement;
  private final String namespacePrefix;

  public ScenarioRun(DemoCluster cluster, PodPlacement placement) {
    this(cluster, placement, "");
  }

  /**
   * @param namespacePrefix put before each scenario's name to make its namespace (on a shared
   *     cluster, to stay out of other namespaces' way)
   */
  public ScenarioRun(DemoCluster cluster, PodPlacement placement, String namespacePrefix) {
    this.cluster = cluster;
    this.client = cluster.client();
    this.agreement = new AllocatorAgreement(placement);
    this.namespacePrefix = namespacePrefix;
  }

  /** The namespace a scenario runs in. */
  public String namespace(DemoSpec spec) {
    return namespacePrefix + spec.name();
  }

  /** Applies the scenario and returns its pods' reports by pod name, in manifest order. */
  public Map<String, PodReport> run(DemoSpec spec) throws InterruptedException {
    String ns = namespace(spec);
    ScenarioObjects objects = ScenarioObjects.load(client, spec);
    cluster.report(spec.gpuEvents());
    objects.apply(ns, cluster.backend().createsServiceAccounts());
    Map<String, PodReport> reports = new LinkedHashMap<>();
    TaintRuleStep rules = new TaintRuleStep(client, namespacePrefix);
    try {
      for (HasMetadata step : objects.steps()) {
        if (step instanceof Pod pod) {
          reports.put(pod.getMetadata().getName(), createAndSettle(ns, pod));
        } else {
          rules.apply(step, ns, reports);
        }
      }
    } finally {
      rules.deleteAll();
    }
    if (spec.migrates()) {
      ScenarioObjects migrated = MigratedManifests.translate(client, spec);
      migrated.applyMissing(ns);
      for (Pod pod : migrated.pods()) {
        reports.put(pod.getMetadata().getName(), createAndSettle(ns, pod));
      }
    }
    return reports;
  }

  private PodReport createAndSettle(String ns, Pod pod) throws InterruptedException {
    ClusterSnapshot before = ClusterSnapshot.read(client);
    client.resource(pod).inNamespace(ns).create();
    String name = pod.getMetadata().getName();
    PodView view = new PodView(client, cluster.nodes(), cluster.pluginNodes());
    long deadline = System.nanoTime() + SETTLE_TIMEOUT.toNanos();
    PodView.Observed now = view.observe(ns, name);
    while (!now.settled() && System.nanoTime() < deadline) {
      Thread.sleep(20);
      now = view.observe(ns, name);
    }
    return report(before, now);
  }

  private PodReport report(ClusterSnapshot before, PodView.Observed now) {
    if (now.onPluginNode()) {
      // placed by the node's allocatable nvidia.com/gpu: our allocator has nothing to predict
      return now.report(Optional.empty(), List.of(), List.of());
    }
    List<ResourceClaim> claims = now.claims().values().stream().toList();
    SchedulerVerdict verdict = now.verdict();
    Agreement checked = agreement.compare(before, claims, verdict);
    Optional<FitsNowhere> nowhere =
        verdict.unschedulableMessage().isPresent() && checked.prediction() instanceof FitsNowhere f
            ? Optional.of(f)
            : Optional.empty();
    return now.report(nowhere, checked.differences(), checked.feasibleNodes());
  }
}
