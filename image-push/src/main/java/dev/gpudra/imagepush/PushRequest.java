package dev.gpudra.imagepush;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * One push.
 *
 * @param tar the image as a docker-archive tar, as Jib's {@code buildTar} writes it
 * @param target {@code REGISTRY/NAME:TAG}
 * @param extraTags further tags of the same image in the same repository
 * @param insecure whether plain HTTP and unverified certificates are allowed
 */
public record PushRequest(Path tar, String target, List<String> extraTags, boolean insecure) {
  public PushRequest {
    Objects.requireNonNull(tar, "tar");
    Objects.requireNonNull(target, "target");
    extraTags = List.copyOf(extraTags);
  }
}
