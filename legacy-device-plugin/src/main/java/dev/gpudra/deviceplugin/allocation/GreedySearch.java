package dev.gpudra.deviceplugin.allocation;

import java.util.BitSet;

/**
 * The bounded search for more than {@link PartitionSearch#MAX_GPUS} GPUs: start from the required
 * GPUs (or, with none, the best-scoring pair), add the GPU that adds most to the set until it is
 * full, then swap a chosen GPU for an unchosen one while that raises the set's score. It looks at
 * the chosen set only, not at what the others are left with. O(n^2) per step, n steps, and at most
 * n^2 improving swaps.
 */
final class GreedySearch {
  private final int[][] score;
  private final int size;

  GreedySearch(int[][] score, int size) {
    this.score = score;
    this.size = size;
  }

  BitSet choose(BitSet required) {
    int n = score.length;
    BitSet set = (BitSet) required.clone();
    if (set.isEmpty() && size >= 2) {
      seedBestPair(set);
    }
    while (set.cardinality() < size) {
      int best = -1;
      for (int i = 0; i < n; i++) {
        if (!set.get(i) && (best < 0 || gain(i, set) > gain(best, set))) {
          best = i;
        }
      }
      set.set(best);
    }
    improve(set, required);
    return set;
  }

  private void seedBestPair(BitSet set) {
    int a = 0;
    int b = 1;
    for (int i = 0; i < score.length; i++) {
      for (int j = i + 1; j < score.length; j++) {
        if (score[i][j] > score[a][b]) {
          a = i;
          b = j;
        }
      }
    }
    set.set(a);
    set.set(b);
  }

  /** Swaps while a swap raises the set's score; each swap raises it, so this ends. */
  private void improve(BitSet set, BitSet required) {
    int limit = score.length * score.length;
    boolean improved = true;
    for (int round = 0; improved && round < limit; round++) {
      improved = false;
      for (int out = set.nextSetBit(0); out >= 0 && !improved; out = set.nextSetBit(out + 1)) {
        if (required.get(out)) {
          continue;
        }
        set.clear(out);
        int lost = gain(out, set);
        for (int in = 0; in < score.length && !improved; in++) {
          if (in != out && !set.get(in) && gain(in, set) > lost) {
            set.set(in);
            improved = true;
          }
        }
        if (!improved) {
          set.set(out);
        }
      }
    }
  }

  private int gain(int i, BitSet set) {
    int total = 0;
    for (int j = set.nextSetBit(0); j >= 0; j = set.nextSetBit(j + 1)) {
      if (j != i) {
        total += score[i][j];
      }
    }
    return total;
  }
}
