package dev.gpudra.kit;

import java.util.Objects;

/** A ResourceClaim as the kubelet names it in a DRA call. */
public record ClaimRef(String namespace, String name, String uid) {
  public ClaimRef {
    Objects.requireNonNull(namespace, "namespace");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(uid, "uid");
    if (uid.isBlank()) {
      throw new IllegalArgumentException("claim uid must not be blank");
    }
  }

  @Override
  public String toString() {
    return namespace + "/" + name + " (" + uid + ")";
  }
}
