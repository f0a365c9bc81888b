package dev.gpudra.demo;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A scenario's DeviceTaintRule, created after the pods before it have settled: waits until the
 * device-taint-eviction controller has written the rule's {@code EvictionInProgress} condition for
 * its generation and is done ({@code False}), and until the pods it deleted are gone; their reports
 * become {@code Evicted}. The rules are deleted again when the scenario ends (they are cluster-wide
 * and would drain devices of later scenarios).
 */
public final class TaintRuleStep {
  public static final String KIND = "DeviceTaintRule";
  static final ResourceDefinitionContext V1 =
      new ResourceDefinitionContext.Builder()
          .withGroup("resource.k8s.io")
          .withVersion("v1")
          .withPlural("devicetaintrules")
          .withKind(KIND)
          .withNamespaced(false)
          .build();
  // kube-controller-manager says a rule is done at most every 10 s
  private static final Duration SETTLE_TIMEOUT = Duration.ofSeconds(40);

  private final KubernetesClient client;
  private final String namePrefix;
  private final KubernetesSerialization serialization = new KubernetesSerialization();
  private final List<String> created = new ArrayList<>();

  /**
   * @param namePrefix put before each rule's name (on a shared cluster)
   */
  public TaintRuleStep(KubernetesClient client, String namePrefix) {
    this.client = client;
    this.namePrefix = namePrefix;
  }

  /** Creates the rule and marks the pods of {@code reports} it evicted. */
  void apply(HasMetadata manifest, String ns, Map<String, PodReport> reports)
      throws InterruptedException {
    List<String> running =
        reports.values().stream()
            .filter(r -> "Running".equals(r.phase()))
            .map(PodReport::name)
            .toList();
    evict(manifest, ns, running)
        .forEach((pod, why) -> reports.put(pod, reports.get(pod).evicted(why)));
  }

  /**
   * Creates the rule and waits until the eviction controller is done with it.
   *
   * @param running the pods in {@code ns} that ran before the rule
   * @return those it deleted, each with the rule's name and what its condition said
   */
  public Map<String, String> evict(HasMetadata manifest, String ns, List<String> running)
      throws InterruptedException {
    GenericKubernetesResource rule =
        serialization.convertValue(manifest, GenericKubernetesResource.class);
    String name = namePrefix + rule.getMetadata().getName();
    rule.getMetadata().setName(name);
    client.genericKubernetesResources(V1).resource(rule).create();
    created.add(name);
    long deadline = System.nanoTime() + SETTLE_TIMEOUT.toNanos();
    Optional<String> done = settled(name);
    while (done.isEmpty() && System.nanoTime() < deadline) {
      Thread.sleep(50);
      done = settled(name);
    }
    String said =
        done.orElse(
            "no EvictionInProgress=False condition after " + SETTLE_TIMEOUT.toSeconds() + " s");
    Map<String, String> evicted = new LinkedHashMap<>();
    for (String pod : running) {
      if (gone(ns, pod, deadline)) {
        evicted.put(pod, "DeviceTaintRule " + name + ": " + said);
      }
    }
    return evicted;
  }

  /** Deletes the rules this step created. */
  public void deleteAll() {
    created.forEach(n -> client.genericKubernetesResources(V1).withName(n).delete());
    created.clear();
  }

  /** The rule's condition, once it is {@code False} for the rule's generation. */
  @SuppressWarnings("unchecked")
  private Optional<String> settled(String name) {
    GenericKubernetesResource rule = client.genericKubernetesResources(V1).withName(name).get();
    if (rule == null
        || !(rule.getAdditionalProperties().get("status") instanceof Map<?, ?> status)
        || !(status.get("conditions") instanceof List<?> conditions)) {
      return Optional.empty();
    }
    long generation = Optional.ofNullable(rule.getMetadata().getGeneration()).orElse(0L);
    return conditions.stream()
        .map(c -> (Map<String, Object>) c)
        .filter(c -> "EvictionInProgress".equals(c.get("type")))
        .filter(c -> "False".equals(c.get("status")))
        .filter(c -> c.get("observedGeneration") instanceof Number g && g.longValue() == generation)
        .map(c -> "EvictionInProgress=False, " + c.get("reason") + ": " + c.get("message"))
        .findFirst();
  }

  /** Whether the pod is gone, after waiting for it if it is being deleted. */
  private boolean gone(String ns, String name, long deadline) throws InterruptedException {
    Pod pod = client.pods().inNamespace(ns).withName(name).get();
    while (pod != null
        && pod.getMetadata().getDeletionTimestamp() != null
        && System.nanoTime() < deadline + SETTLE_TIMEOUT.toNanos()) {
      Thread.sleep(50);
      pod = client.pods().inNamespace(ns).withName(name).get();
    }
    return pod == null;
  }
}
