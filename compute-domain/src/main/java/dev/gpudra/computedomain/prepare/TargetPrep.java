package dev.gpudra.computedomain.prepare;

import dev.gpudra.kit.cdi.ContainerEdits;

/** Prepares the claims of one target (channel or daemon): what their containers get. */
@FunctionalInterface
public interface TargetPrep {
  /**
   * @throws DomainClaimException when the claim cannot be prepared (now, or at all)
   */
  ContainerEdits prepare(DomainRequest request);

  /**
   * Refuses every daemon claim, for good: with hostManaged IMEX the admin runs the daemons, as
   * NVIDIA's plugin refuses them.
   */
  static TargetPrep noDaemons() {
    return request -> {
      throw new DomainClaimException(
          "claim "
              + request.claim()
              + ": ComputeDomain daemon claims are not supported when imex.mode=hostManaged");
    };
  }
}
