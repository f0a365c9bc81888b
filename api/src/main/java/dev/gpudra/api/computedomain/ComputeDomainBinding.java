package dev.gpudra.api.computedomain;

/**
 * The binding conditions (KEP-5007) of a ComputeDomain channel, with gate {@code
 * ComputeDomainBindingConditions}: the compute-domain plugin lists them on its channel device, the
 * ComputeDomain controller sets them in the claim's {@code status.devices} entry.
 */
public final class ComputeDomainBinding {
  /** True once the IMEX daemon on the channel's node is ready in the claim's domain. */
  public static final String READY = "compute-domain.nvidia.com/imex-ready";

  /** True when the channel cannot be served on its node (the domain is gone, or elsewhere). */
  public static final String FAILED = "compute-domain.nvidia.com/imex-failed";

  private ComputeDomainBinding() {}
}
