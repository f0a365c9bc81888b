package dev.gpudra.allocator.cel.library;

import dev.cel.common.types.OpaqueType;

/** The CEL names of the Kubernetes value types, as the scheduler's environment declares them. */
public final class KubernetesTypes {
  /** {@code kubernetes.Quantity}, backed by {@link KubeQuantity}. */
  public static final OpaqueType QUANTITY = OpaqueType.create("kubernetes.Quantity");

  /** {@code kubernetes.Semver}, backed by {@link Semver}. */
  public static final OpaqueType SEMVER = OpaqueType.create("kubernetes.Semver");

  private KubernetesTypes() {}
}
