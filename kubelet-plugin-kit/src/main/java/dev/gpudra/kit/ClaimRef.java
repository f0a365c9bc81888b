package dev.gpudra.kit;

import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import java.util.Objects;

/**
 * A ResourceClaim as the kubelet names it in a DRA call, as it came: {@link
 * dev.gpudra.kit.dra.ClaimRefCheck} decides whether the names are usable.
 */
public record ClaimRef(String namespace, String name, String uid) {
  public ClaimRef {
    Objects.requireNonNull(namespace, "namespace");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(uid, "uid");
  }

  /** The claim as the API server returned it (a missing namespace or name as empty). */
  public static ClaimRef of(ResourceClaim claim) {
    return new ClaimRef(
        Objects.requireNonNullElse(claim.getMetadata().getNamespace(), ""),
        Objects.requireNonNullElse(claim.getMetadata().getName(), ""),
        claim.getMetadata().getUid());
  }

  @Override
  public String toString() {
    return namespace + "/" + name + " (" + uid + ")";
  }
}
