package dev.gpudra.kit.dra;

import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import java.util.Optional;

/** Reads a ResourceClaim by namespace and name; empty when it does not exist. */
@FunctionalInterface
public interface ClaimFetcher {
  Optional<ResourceClaim> fetch(String namespace, String name);
}
