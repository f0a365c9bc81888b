package dev.gpudra.operator.upgrade;

import dev.gpudra.api.clusterpolicy.DrainSpec;
import dev.gpudra.api.clusterpolicy.DriverUpgradePolicySpec;
import dev.gpudra.api.clusterpolicy.PodDeletionSpec;
import dev.gpudra.api.clusterpolicy.WaitForCompletionSpec;
import dev.gpudra.operator.labels.EqualitySelector;
import io.fabric8.kubernetes.api.model.IntOrString;
import java.time.Duration;
import java.util.Optional;

/**
 * {@code driver.upgradePolicy} with NVIDIA's defaults filled in and its selectors parsed.
 *
 * @param autoUpgrade whether driver upgrades roll by themselves
 * @param maxParallelUpgrades how many nodes upgrade at once; 0: no limit
 * @param maxUnavailable how many nodes may be unavailable: a number, or a percentage of the managed
 *     nodes rounded up
 * @param jobs the pods an upgrade waits for ({@code waitForCompletion.podSelector}); empty: none
 * @param jobsTimeout how long it waits for them; zero: as long as they run
 * @param deletion how GPU pods are deleted ({@code podDeletion})
 * @param drain how the node is drained when deleting them fails ({@code drain})
 */
public record UpgradePolicy(
    boolean autoUpgrade,
    int maxParallelUpgrades,
    IntOrString maxUnavailable,
    EqualitySelector jobs,
    Duration jobsTimeout,
    Removal deletion,
    Drain drain) {

  /**
   * How pods go: evicted, waited for until {@code timeout} (zero: forever); a pod no controller
   * manages needs {@code force}, one with an {@code emptyDir} volume {@code deleteEmptyDir}, as
   * {@code kubectl drain}.
   */
  public record Removal(boolean force, boolean deleteEmptyDir, Duration timeout) {}

  /** The drain: {@code enabled}, of the pods {@code selector} picks, as {@code deletion}. */
  public record Drain(boolean enabled, EqualitySelector selector, Removal removal) {}

  private static final String FIELD = "driver.upgradePolicy.";

  /** NVIDIA's CRD defaults: no automatic upgrade. */
  public static UpgradePolicy of(DriverUpgradePolicySpec spec) {
    DriverUpgradePolicySpec s =
        spec == null ? new DriverUpgradePolicySpec(null, null, null, null, null, null) : spec;
    int parallel = Optional.ofNullable(s.maxParallelUpgrades()).orElse(1);
    if (parallel < 0) {
      throw new InvalidUpgradePolicyException(
          FIELD + "maxParallelUpgrades: " + parallel + " is negative");
    }
    IntOrString unavailable =
        Optional.ofNullable(s.maxUnavailable()).orElse(new IntOrString("25%"));
    scaled(unavailable, 100); // refuses a malformed value now, not at the first upgrade
    WaitForCompletionSpec wait =
        Optional.ofNullable(s.waitForCompletion()).orElse(new WaitForCompletionSpec(null, null));
    PodDeletionSpec deletion =
        Optional.ofNullable(s.podDeletion()).orElse(new PodDeletionSpec(null, null, null));
    DrainSpec drain =
        Optional.ofNullable(s.drain()).orElse(new DrainSpec(null, null, null, null, null));
    return new UpgradePolicy(
        Boolean.TRUE.equals(s.autoUpgrade()),
        parallel,
        unavailable,
        selector("waitForCompletion.podSelector", wait.podSelector()),
        seconds(wait.timeoutSeconds(), 0),
        new Removal(
            Boolean.TRUE.equals(deletion.force()),
            Boolean.TRUE.equals(deletion.deleteEmptyDir()),
            seconds(deletion.timeoutSeconds(), 300)),
        new Drain(
            Boolean.TRUE.equals(drain.enable()),
            selector("drain.podSelector", drain.podSelector()),
            new Removal(
                Boolean.TRUE.equals(drain.force()),
                Boolean.TRUE.equals(drain.deleteEmptyDir()),
                seconds(drain.timeoutSeconds(), 300))));
  }

  /** {@code maxUnavailable} of {@code total} managed nodes, rounded up as NVIDIA's. */
  public int maxUnavailable(int total) {
    return scaled(maxUnavailable, total);
  }

  private static int scaled(IntOrString value, int total) {
    if (value.getIntVal() != null) {
      if (value.getIntVal() < 0) {
        throw invalidUnavailable(value.getIntVal().toString());
      }
      return value.getIntVal();
    }
    String text = value.getStrVal() == null ? "" : value.getStrVal();
    if (!text.matches("[0-9]{1,9}%")) {
      throw invalidUnavailable("\"" + text + "\"");
    }
    long percent = Long.parseLong(text.substring(0, text.length() - 1));
    return (int) ((percent * total + 99) / 100);
  }

  private static InvalidUpgradePolicyException invalidUnavailable(String value) {
    return new InvalidUpgradePolicyException(
        FIELD
            + "maxUnavailable: "
            + value
            + " is neither a count nor a percentage such as \"25%\"");
  }

  private static EqualitySelector selector(String field, String text) {
    try {
      return EqualitySelector.parse(text);
    } catch (IllegalArgumentException e) {
      throw new InvalidUpgradePolicyException(
          FIELD
              + field
              + " \""
              + text
              + "\": "
              + e.getMessage()
              + " (set-based selectors are not supported, as NVIDIA's)");
    }
  }

  private static Duration seconds(Integer value, int fallback) {
    return Duration.ofSeconds(value == null ? fallback : value);
  }
}
