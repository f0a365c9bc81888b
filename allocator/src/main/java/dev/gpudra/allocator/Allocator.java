package dev.gpudra.allocator;

import io.fabric8.kubernetes.api.model.resource.v1.DeviceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * Allocates one ResourceClaim on one node the way the kube-scheduler's structured allocator does,
 * and explains the answer. No API client, no clock; the only state kept between calls is the pool
 * index of the last cluster seen, which does not change any answer.
 */
public final class Allocator {

  /** Default search budget: candidate checks before giving up (the scheduler uses a timeout). */
  public static final long DEFAULT_MAX_STEPS = 1_000_000;

  private final SelectorEvaluator selectors;
  private final long maxSteps;
  private final Supplier<UUID> shareIds;
  // The pools of the last cluster seen, keyed by identity: explaining one claim on every node
  // reuses one ClusterState, and grouping its slices once per node would be quadratic.
  private volatile IndexedCluster lastCluster;

  private record IndexedCluster(ClusterState cluster, PoolReader pools) {}

  public Allocator(SelectorEvaluator selectors) {
    this(selectors, DEFAULT_MAX_STEPS);
  }

  public Allocator(SelectorEvaluator selectors, long maxSteps) {
    this(selectors, maxSteps, UUID::randomUUID);
  }

  /**
   * @param shareIds where the share ID of each result on a device that allows multiple allocations
   *     comes from; the scheduler takes a random UUID
   */
  public Allocator(SelectorEvaluator selectors, long maxSteps, Supplier<UUID> shareIds) {
    this.selectors = Objects.requireNonNull(selectors, "selectors");
    if (maxSteps <= 0) {
      throw new IllegalArgumentException("maxSteps must be positive");
    }
    this.maxSteps = maxSteps;
    this.shareIds = Objects.requireNonNull(shareIds, "shareIds");
  }

  private PoolReader pools(ClusterState cluster) {
    IndexedCluster last = lastCluster;
    if (last == null || last.cluster() != cluster) {
      last = new IndexedCluster(cluster, new PoolReader(cluster.slices()));
      lastCluster = last;
    }
    return last.pools();
  }

  /** Allocates {@code claim} on {@code node}, or says why it cannot be. Never throws for data. */
  public AllocationOutcome allocate(ResourceClaim claim, ClusterState cluster, CandidateNode node) {
    List<Pool> pools = pools(cluster).poolsFor(node);
    DeviceClaim devices = RequestReader.devices(claim);
    List<ClaimRequest> requests;
    List<AttributeConstraint> constraints;
    try {
      requests = new RequestReader(cluster.deviceClasses()).read(claim);
      constraints = AttributeConstraint.read(devices);
    } catch (UnsatisfiableException e) {
      return unsatisfiable(e, ExplanationAssembler.poolsOnly(node, pools));
    }
    CounterLedger counters = CounterLedger.of(pools, cluster.inUse());
    CapacityLedger capacity = new CapacityLedger(cluster.inUse());
    Ledgers ledgers = new Ledgers(counters, capacity, GroupLedger.of(pools, cluster.inUse()));
    CandidateTable table =
        CandidateTable.build(
            requests,
            pools,
            new DeviceMatcher(
                selectors,
                cluster.allocatedDevices(),
                ledgers,
                new DeviceTaints(cluster.taintRules())));
    Search search = new Search(requests, table, constraints, ledgers, maxSteps);
    try {
      Precheck.run(requests, pools, table);
      if (search.run()) {
        List<RequestSpec> used = usedSpecs(requests, search);
        return new Allocation(
            new ResultAssembler(capacity, shareIds)
                .build(devices, used, search.chosen(), node.name()),
            new ExplanationAssembler(table, search).assemble(node, pools, requests));
      }
      UnsatisfiableException failure = Precheck.diagnose(requests, table, constraints);
      return unsatisfiable(
          failure, new ExplanationAssembler(table, search).assemble(node, pools, requests));
    } catch (UnsatisfiableException e) {
      return unsatisfiable(
          e, new ExplanationAssembler(table, search).assemble(node, pools, requests));
    }
  }

  private static List<RequestSpec> usedSpecs(List<ClaimRequest> requests, Search search) {
    return requests.stream()
        .map(r -> r.alternatives().get(search.selected(r.name()).orElseThrow()))
        .collect(Collectors.toList());
  }

  private static Unsatisfiable unsatisfiable(UnsatisfiableException e, Explanation explanation) {
    return new Unsatisfiable(e.reason(), e.request(), e.getMessage(), explanation);
  }
}
