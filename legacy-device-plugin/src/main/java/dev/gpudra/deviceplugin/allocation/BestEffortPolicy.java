package dev.gpudra.deviceplugin.allocation;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * GetPreferredAllocation for whole GPUs, as NVIDIA's best-effort policy: score every pair by {@link
 * LinkScore}, then choose, among the sets of the requested size that hold every must-include GPU,
 * the one that with the best split of the remaining available GPUs into sets of that size scores
 * highest. Exhaustive ({@link PartitionSearch}) up to 16 available GPUs; beyond, greedy with
 * improving swaps ({@link GreedySearch}). Thread-safe: each call works on its own copy.
 */
public final class BestEffortPolicy {
  private final GpuLinks links;

  public BestEffortPolicy(GpuLinks links) {
    this.links = Objects.requireNonNull(links, "links");
  }

  /**
   * The preferred {@code size} devices of {@code available}, holding every one of {@code
   * mustInclude}; in the order they were available (must-include ones not listed there last). Fewer
   * than {@code size} only when fewer are available.
   *
   * @throws IllegalArgumentException for a device the links do not cover
   */
  public List<String> choose(List<String> available, List<String> mustInclude, int size) {
    Set<String> ids = new LinkedHashSet<>(available);
    ids.addAll(mustInclude);
    for (String id : ids) {
      if (!links.covers(id)) {
        throw new IllegalArgumentException("no links known for device " + id);
      }
    }
    List<String> candidates = List.copyOf(ids);
    Set<String> required = new LinkedHashSet<>(mustInclude);
    if (size <= 0) {
      return List.of();
    }
    if (candidates.size() <= size) {
      return candidates;
    }
    if (required.size() >= size) {
      return List.copyOf(required).subList(0, size);
    }
    BitSet chosen = search(candidates, required, size);
    List<String> result = new ArrayList<>();
    chosen.stream().forEach(i -> result.add(candidates.get(i)));
    return List.copyOf(result);
  }

  private BitSet search(List<String> candidates, Set<String> required, int size) {
    int n = candidates.size();
    int[][] score = new int[n][n];
    for (int i = 0; i < n; i++) {
      for (int j = i + 1; j < n; j++) {
        score[i][j] = LinkScore.of(links.between(candidates.get(i), candidates.get(j)));
        score[j][i] = score[i][j];
      }
    }
    BitSet requiredBits = new BitSet(n);
    required.forEach(id -> requiredBits.set(candidates.indexOf(id)));
    if (n <= PartitionSearch.MAX_GPUS) {
      long[] words = requiredBits.toLongArray();
      int mask = words.length == 0 ? 0 : (int) words[0];
      return BitSet.valueOf(new long[] {new PartitionSearch(score, size).choose(mask)});
    }
    return new GreedySearch(score, size).choose(requiredBits);
  }
}
