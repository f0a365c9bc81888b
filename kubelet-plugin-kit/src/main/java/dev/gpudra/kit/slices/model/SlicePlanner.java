package dev.gpudra.kit.slices.model;

import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSliceSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Decides the writes that make a pool's slices match a device list.
 *
 * <p>Existing slices of the highest generation are matched to desired chunks (one to one, or by
 * equal sets of device names); unmatched and older slices are obsolete. If anything differs, the
 * generation goes up and every kept slice is rewritten with it, so consumers never mix old and new
 * slices of the pool. Slices of the same driver and node in another pool are deleted.
 */
public final class SlicePlanner {
  private final SliceTarget target;
  private final SliceSpecs specs;

  public SlicePlanner(SliceTarget target, String nodeUid) {
    this.target = Objects.requireNonNull(target, "target");
    this.specs = new SliceSpecs(target, nodeUid);
  }

  /**
   * @param devices the pool's desired devices, in order
   * @param existing the driver's slices on this node, as listed from the API
   */
  public SyncPlan plan(List<Device> devices, List<ResourceSlice> existing) {
    return planSlices(SliceLayout.slices(devices), existing);
  }

  /**
   * @param slices the pool's desired slices, in order (each within the API's limits)
   * @param existing the driver's slices on this node, as listed from the API
   */
  public SyncPlan planSlices(List<SliceContent> slices, List<ResourceSlice> existing) {
    List<SliceContent> chunks =
        slices.stream()
            .map(c ->
                new SliceContent(TaintTimes.carryOver(c.devices(), existing), c.sharedCounters()))
            .toList();
    List<ResourceSlice> deletes = new ArrayList<>();
    List<ResourceSlice> pool = new ArrayList<>();
    for (ResourceSlice slice : existing) {
      (target.ownsPool(slice) ? pool : deletes).add(slice);
    }
    long generation = pool.stream().mapToLong(SlicePlanner::generation).max().orElse(0);
    List<ResourceSlice> current = new ArrayList<>();
    for (ResourceSlice slice : pool) {
      (generation(slice) == generation ? current : deletes).add(slice);
    }
    Map<Integer, ResourceSlice> matches = match(chunks, current);
    current.stream().filter(s -> !matches.containsValue(s)).forEach(deletes::add);
    if (deletes.isEmpty() && unchanged(chunks, matches, generation)) {
      return new SyncPlan(generation, List.of(), List.of(), List.of());
    }
    return rewrite(chunks, matches, generation + 1, deletes);
  }

  private SyncPlan rewrite(
      List<SliceContent> chunks,
      Map<Integer, ResourceSlice> matches,
      long generation,
      List<ResourceSlice> deletes) {
    List<ResourceSlice> updates = new ArrayList<>();
    List<ResourceSlice> creates = new ArrayList<>();
    for (int i = 0; i < chunks.size(); i++) {
      ResourceSliceSpec spec = specs.spec(chunks.get(i), generation, chunks.size());
      ResourceSlice existing = matches.get(i);
      if (existing == null) {
        creates.add(specs.newSlice(spec, i));
      } else {
        updates.add(specs.withSpec(existing, spec));
      }
    }
    return new SyncPlan(generation, deletes, updates, creates);
  }

  private boolean unchanged(
      List<SliceContent> chunks, Map<Integer, ResourceSlice> matches, long generation) {
    if (generation == 0 || matches.size() != chunks.size()) {
      return false;
    }
    for (int i = 0; i < chunks.size(); i++) {
      ResourceSliceSpec desired = specs.spec(chunks.get(i), generation, chunks.size());
      if (!SliceSpecs.sameContent(matches.get(i), desired)) {
        return false;
      }
    }
    return true;
  }

  /** Desired chunk index to the existing slice that carries it. */
  private static Map<Integer, ResourceSlice> match(
      List<SliceContent> chunks, List<ResourceSlice> current) {
    Map<Integer, ResourceSlice> matches = new LinkedHashMap<>();
    if (chunks.size() == 1 && current.size() == 1) {
      matches.put(0, current.get(0));
      return matches;
    }
    List<ResourceSlice> free = new ArrayList<>(current);
    for (int i = 0; i < chunks.size(); i++) {
      Set<String> names = names(chunks.get(i).devices());
      for (ResourceSlice slice : free) {
        if (names.equals(names(SliceSpecs.devices(slice.getSpec())))) {
          matches.put(i, slice);
          free.remove(slice);
          break;
        }
      }
    }
    return matches;
  }

  private static Set<String> names(List<Device> devices) {
    return devices.stream().map(Device::getName).collect(Collectors.toSet());
  }

  private static long generation(ResourceSlice slice) {
    Long g = slice.getSpec().getPool().getGeneration();
    return g == null ? 0 : g;
  }
}
