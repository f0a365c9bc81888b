package dev.gpudra.api.clusterpolicy;

import io.fabric8.kubernetes.api.model.HasMetadata;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * NVIDIA's singleton rule: of all ClusterPolicies the operator reconciles the oldest (by creation
 * time, then name); every other one gets {@code status.state: ignored}.
 */
public final class Singleton {
  private static final Comparator<HasMetadata> OLDEST_FIRST =
      Comparator.comparing(Singleton::created).thenComparing(p -> p.getMetadata().getName());

  private Singleton() {}

  /** The one to reconcile; empty when there is none. */
  public static <T extends HasMetadata> Optional<T> of(List<T> policies) {
    return policies.stream().min(OLDEST_FIRST);
  }

  /** Whether {@code policy} is the one of {@code policies} to reconcile. */
  public static <T extends HasMetadata> boolean isSingleton(T policy, List<T> policies) {
    return of(policies)
        .map(p -> p.getMetadata().getName().equals(policy.getMetadata().getName()))
        .orElse(false);
  }

  private static Instant created(HasMetadata policy) {
    String created = policy.getMetadata().getCreationTimestamp();
    // not yet stored: newer than anything the API server has
    return created == null ? Instant.MAX : Instant.parse(created);
  }
}
