package dev.gpudra.demo.realnode;

import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import java.util.List;

/** Whether a node's published pool is whole. Pure. */
final class PoolState {
  private PoolState() {}

  /**
   * True when the slices of the newest generation are all there (a pool of several slices is
   * written one at a time) and hold at least one device.
   */
  static boolean complete(List<ResourceSlice> slices) {
    List<ResourceSlice> latest = newest(slices);
    return !latest.isEmpty()
        && latest.size() == latest.getFirst().getSpec().getPool().getResourceSliceCount()
        && latest.stream()
            .anyMatch(s -> s.getSpec().getDevices() != null && !s.getSpec().getDevices().isEmpty());
  }

  /** The slices of the newest generation. */
  static List<ResourceSlice> newest(List<ResourceSlice> slices) {
    long newest =
        slices.stream().mapToLong(s -> s.getSpec().getPool().getGeneration()).max().orElse(-1);
    return slices.stream().filter(s -> s.getSpec().getPool().getGeneration() == newest).toList();
  }
}
