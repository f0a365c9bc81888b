package dev.gpudra.imagepush;

/**
 * What a push left in the registry.
 *
 * @param target the reference pushed, {@code REGISTRY/NAME:TAG}
 * @param digest the manifest's digest, {@code sha256:...}: what a values file pins
 */
public record PushResult(String target, String digest) {
  /** {@code REGISTRY/NAME:TAG@sha256:...}: the line the command prints. */
  public String pinned() {
    return target + "@" + digest;
  }
}
