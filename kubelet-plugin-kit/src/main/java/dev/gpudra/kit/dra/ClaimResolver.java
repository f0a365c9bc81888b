package dev.gpudra.kit.dra;

import dev.gpudra.kit.ClaimRef;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import java.util.Objects;

/** Turns a kubelet's claim reference into the allocated claim it names, or says why not. */
public final class ClaimResolver {
  private final ClaimFetcher fetcher;

  public ClaimResolver(ClaimFetcher fetcher) {
    this.fetcher = Objects.requireNonNull(fetcher, "fetcher");
  }

  /**
   * @throws ClaimLookupException if the claim is missing, has another UID or is not allocated
   */
  public ResourceClaim resolve(ClaimRef ref) {
    ResourceClaim claim;
    try {
      claim = fetcher.fetch(ref.namespace(), ref.name()).orElse(null);
    } catch (RuntimeException e) {
      throw new ClaimLookupException(
          "cannot fetch ResourceClaim " + ref + ": " + Causes.chain(e), e);
    }
    if (claim == null) {
      throw new ClaimLookupException("ResourceClaim " + ref + " not found");
    }
    String uid = claim.getMetadata() == null ? null : claim.getMetadata().getUid();
    if (!ref.uid().equals(uid)) {
      throw new ClaimLookupException(
          "ResourceClaim " + ref + " got replaced: the API server has UID " + uid);
    }
    if (claim.getStatus() == null || claim.getStatus().getAllocation() == null) {
      throw new ClaimLookupException("ResourceClaim " + ref + " is not allocated");
    }
    return claim;
  }
}
