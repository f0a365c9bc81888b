package dev.gpudra.allocator;

import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSliceSpec;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Reads pools the way the scheduler does (KEP-4381, k8s.io/dynamic-resource-allocation/structured):
 * a pool is the slices with one (driver, pool name); only the highest generation counts; it is
 * complete when that generation has {@code resourceSliceCount} slices (counted over all nodes);
 * slices that disagree on the count, or duplicate device names, make it invalid. Pools come in
 * (driver, pool) order, those with a device that has binding conditions last, and slices in name
 * order, as in Kubernetes 1.37.
 */
final class PoolReader {

  private record PoolKey(String driver, String pool) {}

  private static final Comparator<PoolKey> KEY_ORDER =
      Comparator.comparing(PoolKey::driver).thenComparing(PoolKey::pool);

  private final Map<PoolKey, List<ResourceSlice>> latestByPool;
  private final Map<String, Set<PoolKey>> byNodeName;
  private final Set<PoolKey> forAnyNode;

  /**
   * Groups the slices into pools once; {@link #poolsFor} then visits only the pools that can reach
   * a node, so explaining a claim on every node of a large cluster is not quadratic.
   */
  PoolReader(List<ResourceSlice> slices) {
    Map<PoolKey, List<ResourceSlice>> byPool = new TreeMap<>(KEY_ORDER);
    for (ResourceSlice slice : slices) {
      ResourceSliceSpec spec = slice.getSpec();
      PoolKey key = new PoolKey(spec.getDriver(), spec.getPool().getName());
      byPool.computeIfAbsent(key, k -> new ArrayList<>()).add(slice);
    }
    latestByPool = new TreeMap<>(KEY_ORDER);
    byNodeName = new HashMap<>();
    forAnyNode = new HashSet<>();
    byPool.forEach((key, all) -> {
      List<ResourceSlice> latest = latestGeneration(all);
      latestByPool.put(key, latest);
      for (ResourceSlice slice : latest) {
        String nodeName = slice.getSpec().getNodeName();
        if (nodeName != null && !nodeName.isEmpty()) {
          byNodeName.computeIfAbsent(nodeName, n -> new HashSet<>()).add(key);
        } else {
          forAnyNode.add(key);
        }
      }
    });
  }

  static List<Pool> read(List<ResourceSlice> slices, CandidateNode node) {
    return new PoolReader(slices).poolsFor(node);
  }

  /** The pools with at least one slice reaching {@code node}, in (driver, pool) order. */
  List<Pool> poolsFor(CandidateNode node) {
    Set<PoolKey> candidates = new TreeSet<>(KEY_ORDER);
    candidates.addAll(byNodeName.getOrDefault(node.name(), Set.of()));
    candidates.addAll(forAnyNode);
    List<Pool> pools = new ArrayList<>();
    for (PoolKey key : candidates) {
      List<ResourceSlice> latest = latestByPool.get(key);
      List<ResourceSlice> local =
          latest.stream()
              .filter(s -> reachesNode(s.getSpec(), node))
              .sorted(Comparator.comparing(PoolReader::sliceName))
              .toList();
      if (!local.isEmpty()) {
        pools.add(new Pool(status(key, latest, local), local));
      }
    }
    // kube-scheduler 1.37 tries pools with a device that has binding conditions last
    List<Pool> ordered =
        new ArrayList<>(pools.stream().filter(p -> !hasBindingConditions(p)).toList());
    pools.stream().filter(PoolReader::hasBindingConditions).forEach(ordered::add);
    return ordered;
  }

  private static boolean hasBindingConditions(Pool pool) {
    return pool.slices().stream()
        .filter(s -> s.getSpec().getDevices() != null)
        .flatMap(s -> s.getSpec().getDevices().stream())
        .anyMatch(d -> d.getBindingConditions() != null && !d.getBindingConditions().isEmpty());
  }

  private static List<ResourceSlice> latestGeneration(List<ResourceSlice> all) {
    long newest = all.stream().mapToLong(PoolReader::generation).max().orElseThrow();
    return all.stream().filter(s -> generation(s) == newest).toList();
  }

  private static PoolStatus status(
      PoolKey key, List<ResourceSlice> latest, List<ResourceSlice> local) {
    long generation = generation(latest.get(0));
    Set<Long> counts = new HashSet<>();
    latest.forEach(s -> counts.add(s.getSpec().getPool().getResourceSliceCount()));
    String duplicate = duplicateDeviceName(local);
    PoolStatus.State state = PoolStatus.State.COMPLETE;
    String detail = "";
    if (counts.size() > 1) {
      state = PoolStatus.State.INVALID;
      detail = "slices of generation " + generation + " disagree on resourceSliceCount " + counts;
    } else if (!duplicate.isEmpty()) {
      state = PoolStatus.State.INVALID;
      detail = "duplicate device name " + duplicate;
    } else if (!Objects.equals(counts.iterator().next(), (long) latest.size())) {
      state = PoolStatus.State.INCOMPLETE;
      detail =
          latest.size() + " of " + counts.iterator().next() + " slices of generation " + generation;
    }
    return new PoolStatus(key.driver(), key.pool(), generation, state, detail);
  }

  private static String duplicateDeviceName(List<ResourceSlice> slices) {
    Set<String> seen = new HashSet<>();
    for (ResourceSlice slice : slices) {
      List<Device> devices = slice.getSpec().getDevices();
      for (Device device : devices == null ? List.<Device>of() : devices) {
        if (!seen.add(device.getName())) {
          return device.getName();
        }
      }
    }
    return "";
  }

  /**
   * Whether a slice's devices are reachable from the node. Per-device node selection is behind the
   * DRAPartitionableDevices gate (off in 1.34/1.35), so such slices are ignored, as there.
   */
  private static boolean reachesNode(ResourceSliceSpec spec, CandidateNode node) {
    if (spec.getNodeName() != null && !spec.getNodeName().isEmpty()) {
      return spec.getNodeName().equals(node.name());
    }
    if (Boolean.TRUE.equals(spec.getAllNodes())) {
      return true;
    }
    if (spec.getNodeSelector() != null) {
      return NodeSelectorMatcher.matches(spec.getNodeSelector(), node);
    }
    return false;
  }

  private static long generation(ResourceSlice slice) {
    Long generation = slice.getSpec().getPool().getGeneration();
    return generation == null ? 0 : generation;
  }

  private static String sliceName(ResourceSlice slice) {
    return slice.getMetadata() == null || slice.getMetadata().getName() == null
        ? ""
        : slice.getMetadata().getName();
  }
}
