package dev.gpudra.operator.upgrade;

/**
 * The nodes of a driver upgrade, counted as NVIDIA's metrics count them.
 *
 * @param managed the nodes the upgrade manages (those with a driver pod or an upgrade state)
 * @param inProgress those between {@code cordon-required} and {@code uncordon-required}, or failed
 * @param done those in {@code upgrade-done}
 * @param failed those in {@code upgrade-failed}
 * @param pending those in {@code upgrade-required}
 * @param available how many more may start now
 */
public record UpgradeCounts(
    int managed, int inProgress, int done, int failed, int pending, int available) {
  /** Several drivers' counts together, as NVIDIA's metrics add up its NVIDIADrivers'. */
  public static UpgradeCounts sum(java.util.List<UpgradeCounts> all) {
    UpgradeCounts total = new UpgradeCounts(0, 0, 0, 0, 0, 0);
    for (UpgradeCounts c : all) {
      total =
          new UpgradeCounts(
              total.managed + c.managed,
              total.inProgress + c.inProgress,
              total.done + c.done,
              total.failed + c.failed,
              total.pending + c.pending,
              total.available + c.available);
    }
    return total;
  }
}
