package dev.gpudra.imagepush;

import java.nio.file.Path;
import java.util.Objects;

/**
 * One base image to fetch.
 *
 * @param image {@code REGISTRY/NAME:TAG} or {@code ...@sha256:...}, e.g. {@code
 *     eclipse-temurin:25-jre}
 * @param tar where to write it, as a docker-archive tar
 * @param platform {@code OS/ARCH}, e.g. {@code linux/amd64}: which image of a multi-platform base
 * @param insecure whether plain HTTP and unverified certificates are allowed
 */
public record PullRequest(String image, Path tar, String platform, boolean insecure) {
  public PullRequest {
    Objects.requireNonNull(image, "image");
    Objects.requireNonNull(tar, "tar");
    Objects.requireNonNull(platform, "platform");
  }
}
