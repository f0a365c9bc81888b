package dev.gpudra.gpu.state;

import java.util.Optional;

/** Finds the current UID of a ResourceClaim by namespace and name. */
@FunctionalInterface
public interface ClaimLookup {

  /**
   * @return the UID, or empty when no such claim exists
   * @throws RuntimeException when the API cannot be asked (the caller skips and retries later)
   */
  Optional<String> currentUid(String namespace, String name);
}
