package dev.gpudra.imagepush;

import java.util.List;
import java.util.Objects;

/**
 * One multi-platform index to write.
 *
 * @param target {@code REGISTRY/NAME:TAG} the index is pushed as
 * @param images the per-platform images, each {@code REGISTRY/NAME:TAG} or {@code ...@sha256:...}
 *     in the target's repository
 * @param insecure whether plain HTTP and unverified certificates are allowed
 */
public record IndexRequest(String target, List<String> images, boolean insecure) {
  public IndexRequest {
    Objects.requireNonNull(target, "target");
    images = List.copyOf(images);
  }
}
