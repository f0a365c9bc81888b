package dev.gpudra.demo;

import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * Pools as the scheduler reads them: only the newest generation, and only once all its slices are
 * there (a pool of many slices is written one slice at a time, obsolete ones deleted first).
 */
final class CompletePools {
  private static final Duration POLL = Duration.ofMillis(50);

  private CompletePools() {}

  /** The slices of the pools that are complete: all slices of their newest generation. */
  static List<ResourceSlice> complete(List<ResourceSlice> slices) {
    Map<String, List<ResourceSlice>> byPool = new TreeMap<>();
    slices.forEach(s ->
        byPool
            .computeIfAbsent(
                s.getSpec().getDriver() + "/" + s.getSpec().getPool().getName(),
                k -> new ArrayList<>())
            .add(s));
    List<ResourceSlice> complete = new ArrayList<>();
    for (List<ResourceSlice> pool : byPool.values()) {
      long newest =
          pool.stream().mapToLong(s -> s.getSpec().getPool().getGeneration()).max().orElse(0);
      List<ResourceSlice> latest =
          pool.stream().filter(s -> s.getSpec().getPool().getGeneration() == newest).toList();
      if (latest.size() == latest.get(0).getSpec().getPool().getResourceSliceCount()) {
        complete.addAll(latest);
      }
    }
    return complete;
  }

  /**
   * What {@code list} gives once every slice belongs to a complete pool, or its last answer after
   * {@code wait} (or on interrupt, which stays set).
   */
  static List<ResourceSlice> settled(Supplier<List<ResourceSlice>> list, Duration wait) {
    long deadline = System.nanoTime() + wait.toNanos();
    List<ResourceSlice> slices = list.get();
    while (complete(slices).size() != slices.size() && System.nanoTime() < deadline) {
      try {
        Thread.sleep(POLL);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return slices;
      }
      slices = list.get();
    }
    return slices;
  }
}
