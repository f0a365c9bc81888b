package dev.gpudra.localcluster.eviction;

import dev.gpudra.allocator.DeviceId;
import dev.gpudra.allocator.TaintRule;
import dev.gpudra.localcluster.workloads.StandInLoop;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceTaintBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Clock;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * kube-controller-manager's device-taint-eviction controller on the embedded API server: each pass
 * reads the ResourceSlices, DeviceTaintRules ({@code resource.k8s.io/v1}), claims and pods, evicts
 * every scheduled pod whose time is up (see {@link EvictionTimes}), and brings each rule's {@code
 * EvictionInProgress} condition up to date.
 */
public final class DeviceTaintEvictionStandIn implements AutoCloseable {
  private static final long PASS_MILLIS = 100;

  private final KubernetesClient client;
  private final Clock clock;
  private final PodEvictor evictor;
  private final RuleStatusWriter statuses;
  private final Map<String, Long> evictedByRule = new HashMap<>();
  private final StandInLoop loop;

  public DeviceTaintEvictionStandIn(KubernetesClient client) {
    this(client, Clock.systemUTC());
  }

  DeviceTaintEvictionStandIn(KubernetesClient client, Clock clock) {
    this.client = client;
    this.clock = clock;
    this.evictor = new PodEvictor(client, clock);
    this.statuses = new RuleStatusWriter(client, clock);
    this.loop = new StandInLoop("device-taint-eviction", this::pass, PASS_MILLIS);
  }

  public void start() {
    loop.start();
  }

  /** One pass; public so tests can drive it without the loop. */
  public synchronized void pass() {
    Instant now = clock.instant();
    List<ResourceSlice> slices = client.resources(ResourceSlice.class).list().getItems();
    List<RuleView> rules =
        client.genericKubernetesResources(RuleStatusWriter.V1).list().getItems().stream()
            .map(RuleView::read)
            .toList();
    Map<String, ResourceClaim> claims =
        client.resources(ResourceClaim.class).inAnyNamespace().list().getItems().stream()
            .collect(Collectors.toMap(DeviceTaintEvictionStandIn::key, c -> c, (a, b) -> a));
    List<Pod> pods =
        client.pods().inAnyNamespace().list().getItems().stream()
            .filter(p -> p.getMetadata().getDeletionTimestamp() == null)
            .toList();
    EvictionTimes times =
        new EvictionTimes(
            slices,
            rules.stream().filter(r -> EvictionTimes.NO_EXECUTE.equals(r.effect())).toList());
    Map<Pod, Eviction> waiting = new HashMap<>();
    for (Pod pod : pods) {
      Optional<Eviction> eviction = times.of(pod, claimsIn(claims, pod));
      if (eviction.isEmpty()) {
        continue;
      }
      if (!eviction.get().due(now)) {
        waiting.put(pod, eviction.get());
      } else if (evictor.evict(pod, eviction.get())) {
        eviction.get().reasons().stream()
            .flatMap(r -> r.ruleUid().stream())
            .forEach(uid -> evictedByRule.merge(uid, 1L, Long::sum));
      }
    }
    rules.stream()
        .filter(statuses::due)
        .forEach(
            r -> statuses.write(r, RuleCondition.of(r, counts(r, waiting, slices, claims, pods))));
  }

  private RuleCounts counts(
      RuleView rule,
      Map<Pod, Eviction> waiting,
      List<ResourceSlice> slices,
      Map<String, ResourceClaim> claims,
      List<Pod> pods) {
    long evicted = evictedByRule.getOrDefault(rule.uid(), 0L);
    if (!"None".equals(rule.effect())) {
      Set<Pod> pending =
          waiting.entrySet().stream()
              .filter(e -> e.getValue().causedBy(rule.uid()))
              .map(Map.Entry::getKey)
              .collect(Collectors.toSet());
      return new RuleCounts(pending.size(), namespaces(pending), evicted, 0, 0);
    }
    // what the rule would do were its effect NoExecute
    RuleView evicting = asNoExecute(rule);
    EvictionTimes times = new EvictionTimes(slices, List.of(evicting));
    Set<Pod> would =
        pods.stream()
            .filter(p -> times.of(p, claimsIn(claims, p)).isPresent())
            .collect(Collectors.toSet());
    return new RuleCounts(
        would.size(),
        namespaces(would),
        evicted,
        publishedDevices(rule.rule(), slices),
        allocatedDevices(rule.rule(), claims.values()));
  }

  private static RuleView asNoExecute(RuleView rule) {
    TaintRule r = rule.rule();
    TaintRule evicting =
        new TaintRule(
            r.name(),
            r.selector(),
            new DeviceTaintBuilder(r.taint()).withEffect(EvictionTimes.NO_EXECUTE).build());
    return new RuleView(rule.object(), evicting, rule.uid(), rule.generation(), rule.condition());
  }

  private static long publishedDevices(TaintRule rule, List<ResourceSlice> slices) {
    return slices.stream()
        .filter(s -> s.getSpec().getDevices() != null && s.getSpec().getPool() != null)
        .flatMap(s ->
            s.getSpec().getDevices().stream()
                .map(d ->
                    new DeviceId(
                        s.getSpec().getDriver(), s.getSpec().getPool().getName(), d.getName())))
        .filter(rule::appliesTo)
        .count();
  }

  private static long allocatedDevices(TaintRule rule, java.util.Collection<ResourceClaim> claims) {
    return claims.stream()
        .filter(c -> c.getStatus() != null && c.getStatus().getAllocation() != null)
        .flatMap(c -> c.getStatus().getAllocation().getDevices().getResults().stream())
        .map(r -> new DeviceId(r.getDriver(), r.getPool(), r.getDevice()))
        .filter(rule::appliesTo)
        .count();
  }

  private static long namespaces(Set<Pod> pods) {
    return pods.stream().map(p -> p.getMetadata().getNamespace()).distinct().count();
  }

  private static java.util.function.Function<String, Optional<ResourceClaim>> claimsIn(
      Map<String, ResourceClaim> claims, Pod pod) {
    return name -> Optional.ofNullable(claims.get(pod.getMetadata().getNamespace() + "/" + name));
  }

  private static String key(ResourceClaim claim) {
    return claim.getMetadata().getNamespace() + "/" + claim.getMetadata().getName();
  }

  @Override
  public void close() {
    loop.close();
  }
}
