package dev.gpudra.localcluster.scheduler;

import dev.gpudra.allocator.CandidateNode;
import dev.gpudra.allocator.ClusterState;
import dev.gpudra.allocator.cluster.AllocatedDevices;
import dev.gpudra.allocator.cluster.ClusterSnapshot;
import dev.gpudra.localcluster.scheduler.PlacementDecision.Fits;
import dev.gpudra.localcluster.scheduler.PlacementDecision.FitsNowhere;
import dev.gpudra.localcluster.scheduler.PlacementDecision.NodeMiss;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Polls the API for pods without a node and schedules them with {@link PodPlacement}, on the nodes
 * whose allocatable extended resources (device plugins' {@code nvidia.com/gpu}) cover the pod's
 * requests ({@link ExtendedResourceFit}); releases the claims of deleted pods. One pass at a time,
 * on one thread.
 */
public final class SchedulerStandIn implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(SchedulerStandIn.class);
  private static final long POLL_MILLIS = 50;
  private static final int RETRY_UNSCHEDULABLE_EVERY = 20;

  private final KubernetesClient client;
  private final PodPlacement placement;
  private final ClaimWriter writer;
  private final Map<String, FitsNowhere> unschedulable = new ConcurrentHashMap<>();
  // pods reserved on a node, waiting for their devices' binding conditions, by namespace/name
  private final Map<String, String> binding = new ConcurrentHashMap<>();
  private final ScheduledExecutorService poller =
      Executors.newSingleThreadScheduledExecutor(
          r -> Thread.ofPlatform().daemon().name("scheduler-stand-in").unstarted(r));
  private long passes;

  public SchedulerStandIn(KubernetesClient client, PodPlacement placement) {
    this.client = Objects.requireNonNull(client, "client");
    this.placement = Objects.requireNonNull(placement, "placement");
    this.writer = new ClaimWriter(client);
  }

  public void start() {
    poller.scheduleWithFixedDelay(this::safePass, 0, POLL_MILLIS, TimeUnit.MILLISECONDS);
  }

  /** Why a pod fits no node, as of the last attempt; empty once scheduled or never tried. */
  public Optional<FitsNowhere> unschedulable(String namespace, String podName) {
    return Optional.ofNullable(unschedulable.get(namespace + "/" + podName));
  }

  /** One pass over every pod; public so tests can drive it without the poller. */
  public synchronized void pass() {
    boolean retry = passes++ % RETRY_UNSCHEDULABLE_EVERY == 0;
    List<Pod> pods = client.pods().inAnyNamespace().list().getItems();
    Map<String, ResourceClaim> claims =
        writer.release(
            client.resources(ResourceClaim.class).inAnyNamespace().list().getItems(), pods);
    Set<String> failedBinding = awaitBindings(pods, claims);
    List<Pod> pending =
        pods.stream()
            .filter(p -> p.getSpec().getNodeName() == null)
            .filter(p -> p.getMetadata().getDeletionTimestamp() == null)
            .filter(p -> retry || !unschedulable.containsKey(key(p)))
            .filter(p -> !binding.containsKey(key(p)) && !failedBinding.contains(key(p)))
            .toList();
    if (pending.isEmpty()) {
      return;
    }
    ClusterSnapshot cluster = ClusterSnapshot.read(client);
    List<Node> nodes = client.nodes().list().getItems();
    List<Pod> placed =
        new ArrayList<>(pods.stream().filter(p -> p.getSpec().getNodeName() != null).toList());
    for (Pod pod : pending) {
      schedule(pod, claims, cluster, new NodeFit(nodes, placed))
          .ifPresent(node ->
              placed.add(new PodBuilder(pod).editSpec().withNodeName(node).endSpec().build()));
    }
  }

  /** The nodes' allocatable and the pods on them, for the extended-resource filter. */
  private record NodeFit(List<Node> nodes, List<Pod> placed) {
    List<NodeMiss> misses(Pod pod) {
      if (ExtendedResourceFit.requests(pod).isEmpty()) {
        return List.of();
      }
      return nodes.stream()
          .map(n -> ExtendedResourceFit.miss(pod, n, placed))
          .flatMap(Optional::stream)
          .toList();
    }
  }

  /** Binds or marks the pod; the node it was bound to, if any. */
  private Optional<String> schedule(
      Pod pod, Map<String, ResourceClaim> claims, ClusterSnapshot cluster, NodeFit fit) {
    String ns = pod.getMetadata().getNamespace();
    List<PodClaim> podClaims = PodClaim.of(pod);
    if (podClaims.stream().anyMatch(c -> c.claimName().isEmpty())) {
      writer.createTemplateClaims(pod, podClaims);
      return Optional.empty();
    }
    List<ResourceClaim> mine =
        podClaims.stream().map(c -> claims.get(ns + "/" + c.claimName().orElseThrow())).toList();
    if (mine.contains(null)) {
      log.debug("pod {} waits for its claims", key(pod));
      return Optional.empty();
    }
    ClusterState state =
        new ClusterState(
            cluster.classes(),
            cluster.slices(),
            AllocatedDevices.of(claims.values()),
            cluster.taintRules());
    List<NodeMiss> lacking = fit.misses(pod);
    List<CandidateNode> candidates =
        NodeEligibility.filter(pod, cluster.nodes()).stream()
            .filter(n -> lacking.stream().noneMatch(m -> m.node().equals(n.name())))
            .toList();
    PlacementDecision decision = placement.place(mine, state, candidates);
    if (decision instanceof FitsNowhere nowhere && !lacking.isEmpty()) {
      List<NodeMiss> all = new ArrayList<>(lacking);
      all.addAll(nowhere.misses());
      decision = new FitsNowhere(all);
    }
    switch (decision) {
      case Fits fits -> {
        List<ResourceClaim> written = writer.reserve(pod, mine, fits);
        written.forEach(c -> claims.put(ns + "/" + c.getMetadata().getName(), c));
        unschedulable.remove(key(pod));
        if (written.stream().anyMatch(BindingWait::needed)) {
          binding.put(key(pod), fits.node());
          writer.bindingConditionsPending(pod, fits.node());
          log.info("pod {} waits for binding conditions on {}", key(pod), fits.node());
        } else {
          writer.bind(pod, fits.node());
          log.info("pod {} bound to {}", key(pod), fits.node());
        }
        return Optional.of(fits.node());
      }
      case FitsNowhere nowhere -> {
        FitsNowhere before = unschedulable.put(key(pod), nowhere);
        if (before == null || !before.summary().equals(nowhere.summary())) {
          writer.markUnschedulable(pod, nowhere);
          log.info("pod {} unschedulable: {}", key(pod), nowhere.summary());
        }
        return Optional.empty();
      }
    }
  }

  /**
   * PreBind's wait: binds each waiting pod whose claims are ready; unreserves one whose binding
   * failed or timed out, to be scheduled again in a later pass; leaves the others waiting. Returns
   * the pods unreserved.
   */
  private Set<String> awaitBindings(List<Pod> pods, Map<String, ResourceClaim> claims) {
    Set<String> failedNow = new HashSet<>();
    Instant now = Instant.now();
    Map<String, Pod> byKey =
        pods.stream().collect(Collectors.toMap(SchedulerStandIn::key, p -> p, (a, b) -> a));
    for (Map.Entry<String, String> waiting : List.copyOf(binding.entrySet())) {
      Pod pod = byKey.get(waiting.getKey());
      if (pod == null || pod.getSpec().getNodeName() != null) {
        binding.remove(waiting.getKey());
        continue;
      }
      String ns = pod.getMetadata().getNamespace();
      List<ResourceClaim> mine =
          PodClaim.of(pod).stream()
              .flatMap(c -> c.claimName().stream())
              .map(n -> claims.get(ns + "/" + n))
              .filter(Objects::nonNull)
              .toList();
      List<BindingWait.Check> checks = mine.stream().map(c -> BindingWait.check(c, now)).toList();
      Optional<BindingWait.Check> failed =
          checks.stream().filter(c -> c.state() == BindingWait.State.FAILED).findFirst();
      if (failed.isPresent()) {
        binding.remove(waiting.getKey());
        failedNow.add(waiting.getKey());
        writer.unreserve(pod, mine, failed.get().message());
        log.info("pod {} not bound: {}", waiting.getKey(), failed.get().message());
      } else if (checks.stream().allMatch(c -> c.state() == BindingWait.State.READY)) {
        binding.remove(waiting.getKey());
        writer.bind(pod, waiting.getValue());
        log.info(
            "pod {} bound to {} (binding conditions met)", waiting.getKey(), waiting.getValue());
      }
    }
    return failedNow;
  }

  private static String key(Pod pod) {
    return pod.getMetadata().getNamespace() + "/" + pod.getMetadata().getName();
  }

  private void safePass() {
    try {
      pass();
    } catch (RuntimeException e) {
      if (poller.isShutdown() || Thread.currentThread().isInterrupted()) {
        return; // stopping: the pass was cut short on purpose
      }
      // keep scheduling: a failed pass (a conflict, a vanished object) is retried on the next one
      log.warn("scheduling pass failed", e);
    }
  }

  @Override
  public void close() {
    poller.shutdownNow();
    try {
      poller.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
