package dev.gpudra.gpu.state;

import java.util.Objects;

/** A claim left in PrepareStarted, with what is needed to look it up in the API. */
public record StartedClaim(String uid, String namespace, String name) {
  public StartedClaim {
    Objects.requireNonNull(uid, "uid");
    Objects.requireNonNull(namespace, "namespace");
    Objects.requireNonNull(name, "name");
  }
}
