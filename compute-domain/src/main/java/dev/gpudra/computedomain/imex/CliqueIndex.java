package dev.gpudra.computedomain.imex;

import java.util.Set;

/**
 * A daemon's index in its clique: the lowest one no other daemon holds, below the per-domain node
 * limit ({@code MAX_NODES_PER_IMEX_DOMAIN}, 18 on GB200/GB300 NVL72).
 */
public final class CliqueIndex {
  private CliqueIndex() {}

  /**
   * @param taken the indexes the clique's other daemons hold
   * @throws CliqueFullException when every index below {@code max} is taken
   */
  public static int lowestFree(Set<Integer> taken, int max) {
    for (int index = 0; index < max; index++) {
      if (!taken.contains(index)) {
        return index;
      }
    }
    throw new CliqueFullException(max);
  }

  /** Every index is taken: the clique has as many nodes as one IMEX domain may have. */
  public static final class CliqueFullException extends RuntimeException {
    public CliqueFullException(int max) {
      super("cannot add more nodes, already at maximum (" + max + ")");
    }
  }
}
