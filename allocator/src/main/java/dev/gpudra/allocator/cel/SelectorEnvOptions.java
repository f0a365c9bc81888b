package dev.gpudra.allocator.cel;

import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * How to build a {@link DeviceSelectorEnv}.
 *
 * @param features enabled feature gates
 * @param costLimit the cost limit, estimated at compile time and enforced at run time
 * @param cacheCapacity how many compiled selectors to keep (least recently used are dropped)
 */
public record SelectorEnvOptions(Set<SelectorFeature> features, long costLimit, int cacheCapacity) {
  /** Kubernetes' {@code CELSelectorExpressionMaxCost}. */
  public static final long KUBERNETES_COST_LIMIT = 1_000_000;

  /** Kubernetes' {@code CELSelectorExpressionMaxLength}, in bytes. */
  public static final int MAX_EXPRESSION_BYTES = 10_240;

  /** The default number of cached programs. */
  public static final int DEFAULT_CACHE_CAPACITY = 1024;

  public SelectorEnvOptions {
    Objects.requireNonNull(features, "features");
    features = features.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(features));
    if (costLimit <= 0) {
      throw new IllegalArgumentException("costLimit must be positive");
    }
    if (cacheCapacity < 0) {
      throw new IllegalArgumentException("cacheCapacity must not be negative");
    }
  }

  /** The Kubernetes 1.34/1.35 defaults: no alpha gates, cost limit 1,000,000. */
  public static SelectorEnvOptions defaults() {
    return new SelectorEnvOptions(Set.of(), KUBERNETES_COST_LIMIT, DEFAULT_CACHE_CAPACITY);
  }

  /** These options with {@code feature} enabled as well. */
  public SelectorEnvOptions with(SelectorFeature feature) {
    Set<SelectorFeature> more = EnumSet.of(feature);
    more.addAll(features);
    return new SelectorEnvOptions(more, costLimit, cacheCapacity);
  }

  /** Whether {@code feature} is on. */
  public boolean enabled(SelectorFeature feature) {
    return features.contains(feature);
  }
}
