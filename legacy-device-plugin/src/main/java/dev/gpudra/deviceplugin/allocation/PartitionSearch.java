package dev.gpudra.deviceplugin.allocation;

import java.util.Arrays;

/**
 * The exhaustive search, for up to {@link #MAX_GPUS} GPUs. The set chosen is the one holding every
 * required GPU that maximises its own score plus the best score the other GPUs reach when split
 * into sets of the same size (what is left over, fewer than a set, scores nothing). The best split
 * of a group of GPUs is memoised by bitmask, so each group is solved once: at most 2^16 groups,
 * each trying the sets that hold its lowest GPU.
 */
final class PartitionSearch {
  static final int MAX_GPUS = 16;

  private final int[][] score;
  private final int size;
  private final int[] memo;

  PartitionSearch(int[][] score, int size) {
    if (score.length > MAX_GPUS) {
      throw new IllegalArgumentException("exhaustive search takes at most " + MAX_GPUS + " GPUs");
    }
    this.score = score;
    this.size = size;
    this.memo = new int[1 << score.length];
    Arrays.fill(memo, -1);
  }

  /** The chosen set as a bitmask over the score matrix's indices. */
  int choose(int requiredMask) {
    int all = (1 << score.length) - 1;
    int[] best = {-1, -1, 0}; // total, set score, set
    int free = all & ~requiredMask;
    sets(
        free,
        size - Integer.bitCount(requiredMask),
        requiredMask,
        setScore(requiredMask),
        (set, own) -> {
          int total = own + split(all & ~set);
          if (total > best[0] || (total == best[0] && own > best[1])) {
            best[0] = total;
            best[1] = own;
            best[2] = set;
          }
        });
    return best[2];
  }

  /** The best total score of splitting {@code mask} into sets of {@code size} and a remainder. */
  private int split(int mask) {
    int count = Integer.bitCount(mask);
    if (count < size) {
      return 0;
    }
    if (memo[mask] >= 0) {
      return memo[mask];
    }
    int lowest = Integer.lowestOneBit(mask);
    int rest = mask & ~lowest;
    int[] best = {count % size > 0 ? split(rest) : 0}; // the lowest GPU left over
    sets(
        rest,
        size - 1,
        lowest,
        0,
        (set, own) -> best[0] = Math.max(best[0], own + split(mask & ~set)));
    memo[mask] = best[0];
    return best[0];
  }

  @FunctionalInterface
  private interface SetVisitor {
    void visit(int set, int score);
  }

  /** Visits every {@code base} plus {@code more} GPUs of {@code from}, with the set's score. */
  private void sets(int from, int more, int base, int baseScore, SetVisitor visitor) {
    if (more == 0) {
      visitor.visit(base, baseScore);
      return;
    }
    if (Integer.bitCount(from) < more) {
      return;
    }
    int next = Integer.numberOfTrailingZeros(from);
    int remaining = from & ~(1 << next);
    sets(remaining, more - 1, base | (1 << next), baseScore + gain(next, base), visitor);
    sets(remaining, more, base, baseScore, visitor);
  }

  private int setScore(int mask) {
    int total = 0;
    for (int i = 0; i < score.length; i++) {
      if ((mask & (1 << i)) != 0) {
        total += gain(i, mask & ((1 << i) - 1));
      }
    }
    return total;
  }

  /** What adding GPU {@code i} to {@code set} adds: its scores with each member. */
  private int gain(int i, int set) {
    int total = 0;
    for (int j = set; j != 0; j &= j - 1) {
      total += score[i][Integer.numberOfTrailingZeros(j)];
    }
    return total;
  }
}
