package dev.gpudra.demo;

import dev.gpudra.deviceclasses.cluster.ClusterSnapshot;
import dev.gpudra.localcluster.scheduler.AllocatorAgreement;
import dev.gpudra.localcluster.scheduler.AllocatorAgreement.Agreement;
import dev.gpudra.localcluster.scheduler.PlacementDecision.FitsNowhere;
import dev.gpudra.localcluster.scheduler.PodPlacement;
import dev.gpudra.localcluster.scheduler.SchedulerVerdict;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Applies one scenario's manifests in a namespace named after it: everything but the pods first,
 * then each pod in turn, waiting until it has settled (running, unschedulable, or failed to start)
 * and holding the scheduler's decision against what our allocator predicted from the cluster as it
 * was just before the pod was created.
 */
public final class ScenarioRun {
  private static final Duration SETTLE_TIMEOUT = Duration.ofSeconds(20);
  private static final Duration SERVICE_ACCOUNT_TIMEOUT = Duration.ofSeconds(10);

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
    List<HasMetadata> objects =
        client
            .load(new ByteArrayInputStream(spec.manifests().getBytes(StandardCharsets.UTF_8)))
            .items();
    createNamespace(ns, labels(objects));
    objects.stream()
        .filter(o -> !(o instanceof Pod) && !(o instanceof Namespace))
        .forEach(o -> client.resource(o).inNamespace(ns).create());
    Map<String, PodReport> reports = new LinkedHashMap<>();
    for (HasMetadata object : objects) {
      if (object instanceof Pod pod) {
        reports.put(pod.getMetadata().getName(), createAndSettle(ns, pod));
      }
    }
    return reports;
  }

  /**
   * The labels of a Namespace in the manifests (e.g. {@code resource.kubernetes.io/admin-access});
   * it stands for the scenario's own namespace, whatever its name.
   */
  private static Map<String, String> labels(List<HasMetadata> objects) {
    return objects.stream()
        .filter(Namespace.class::isInstance)
        .map(o -> o.getMetadata().getLabels())
        .filter(java.util.Objects::nonNull)
        .findFirst()
        .orElse(Map.of());
  }

  private void createNamespace(String ns, Map<String, String> labels) throws InterruptedException {
    client
        .namespaces()
        .resource(
            new NamespaceBuilder()
                .withNewMetadata()
                .withName(ns)
                .withLabels(labels)
                .endMetadata()
                .build())
        .create();
    if (cluster.backend().createsServiceAccounts()) {
      // ServiceAccount admission refuses pods until the controller has created "default"
      awaitServiceAccount(ns);
    }
  }

  private void awaitServiceAccount(String ns) throws InterruptedException {
    long deadline = System.nanoTime() + SERVICE_ACCOUNT_TIMEOUT.toNanos();
    while (client.serviceAccounts().inNamespace(ns).withName("default").get() == null
        && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
  }

  private PodReport createAndSettle(String ns, Pod pod) throws InterruptedException {
    ClusterSnapshot before = ClusterSnapshot.read(client);
    client.resource(pod).inNamespace(ns).create();
    String name = pod.getMetadata().getName();
    PodView view = new PodView(client, cluster.nodes());
    long deadline = System.nanoTime() + SETTLE_TIMEOUT.toNanos();
    PodView.Observed now = view.observe(ns, name);
    while (!now.settled() && System.nanoTime() < deadline) {
      Thread.sleep(20);
      now = view.observe(ns, name);
    }
    return report(before, now);
  }

  private PodReport report(ClusterSnapshot before, PodView.Observed now) {
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
