package dev.gpudra.operator.migration;

import dev.gpudra.api.clusterpolicy.DrainSpec;
import dev.gpudra.operator.labels.EqualitySelector;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Which GPU pods a moving node evicts ({@code spec.migration.drain}, NVIDIA's drain settings): none
 * unless {@code enable}; then those {@code podSelector} selects (equality-based, as NVIDIA's:
 * {@code k=v}, {@code k==v}, {@code k!=v}, {@code k}, {@code !k}, comma-separated), never one
 * labelled {@code nvidia.com/gpu-driver-upgrade-drain.skip=true}.
 */
public final class DrainPolicy {
  /** NVIDIA's label that keeps a pod from any drain. */
  public static final String SKIP = "nvidia.com/gpu-driver-upgrade-drain.skip";

  private static final String FIELD = "spec.migration.drain.podSelector";

  /** NVIDIA's default, which the CRD fills in. */
  private static final int DEFAULT_TIMEOUT = 300;

  private final boolean enabled;
  private final List<Predicate<Map<String, String>>> selector;

  private DrainPolicy(boolean enabled, List<Predicate<Map<String, String>>> selector) {
    this.enabled = enabled;
    this.selector = List.copyOf(selector);
  }

  /**
   * The policy {@code drain} states; absent, pods are waited for, never evicted.
   *
   * @throws InvalidMigrationException for a setting the move does not apply yet ({@code force},
   *     {@code deleteEmptyDir}, a {@code timeoutSeconds} other than NVIDIA's 300): refused, not
   *     ignored
   */
  public static DrainPolicy of(DrainSpec drain) {
    if (drain == null) {
      return new DrainPolicy(false, List.of());
    }
    if (drain.timeoutSeconds() != null && drain.timeoutSeconds() < 0) {
      throw new InvalidMigrationException(
          "spec.migration.drain.timeoutSeconds: " + drain.timeoutSeconds() + " is negative");
    }
    refuse(Boolean.TRUE.equals(drain.force()), "force: true");
    refuse(Boolean.TRUE.equals(drain.deleteEmptyDir()), "deleteEmptyDir: true");
    refuse(
        drain.timeoutSeconds() != null && drain.timeoutSeconds() != DEFAULT_TIMEOUT,
        "timeoutSeconds: " + drain.timeoutSeconds());
    return new DrainPolicy(Boolean.TRUE.equals(drain.enable()), parse(drain.podSelector()));
  }

  private static void refuse(boolean set, String setting) {
    if (set) {
      throw new InvalidMigrationException(
          "spec.migration.drain."
              + setting
              + " is not built yet: a moving node evicts its GPU pods (respecting their"
              + " PodDisruptionBudgets) and waits for them as long as they take");
    }
  }

  /** Those of {@code pods} to evict now (one already being deleted is only waited for). */
  public List<GpuPod> evictable(List<GpuPod> pods) {
    if (!enabled) {
      return List.of();
    }
    return pods.stream()
        .filter(p -> !p.terminating())
        .filter(p -> !"true".equals(p.labels().get(SKIP)))
        .filter(p -> selector.stream().allMatch(s -> s.test(p.labels())))
        .toList();
  }

  private static List<Predicate<Map<String, String>>> parse(String selector) {
    try {
      EqualitySelector parsed = EqualitySelector.parse(selector);
      return parsed.isEmpty() ? List.of() : List.of(parsed);
    } catch (IllegalArgumentException e) {
      throw invalid(selector, e.getMessage());
    }
  }

  private static InvalidMigrationException invalid(String selector, String why) {
    return new InvalidMigrationException(
        FIELD
            + " \""
            + selector
            + "\": "
            + why
            + " (set-based selectors are not supported, as"
            + " NVIDIA's)");
  }
}
