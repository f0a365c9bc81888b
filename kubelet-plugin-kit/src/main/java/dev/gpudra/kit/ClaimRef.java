package dev.gpudra.kit;

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

  @Override
  public String toString() {
    return namespace + "/" + name + " (" + uid + ")";
  }
}
