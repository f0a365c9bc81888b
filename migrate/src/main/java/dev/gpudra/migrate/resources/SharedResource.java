package dev.gpudra.migrate.resources;

import dev.gpudra.api.v1beta1.SharingStrategy;
import java.util.Objects;
import java.util.Optional;

/**
 * A resource the device-plugin config shares: each device advertised as {@code replicas} replicas.
 *
 * @param strategy time-slicing or MPS
 * @param replicas replicas per device, at least 2
 * @param failRequestsGreaterThanOne whether a container may ask for one replica only
 * @param configPath the config's field that shares it, e.g. {@code sharing.timeSlicing}
 */
public record SharedResource(
    SharingStrategy strategy, int replicas, boolean failRequestsGreaterThanOne, String configPath) {

  public SharedResource {
    Objects.requireNonNull(strategy, "strategy");
    Objects.requireNonNull(configPath, "configPath");
    if (replicas < 2) {
      throw new IllegalArgumentException("replicas must be at least 2, got " + replicas);
    }
  }

  /** Why the device plugin would refuse a container asking for {@code count} replicas, if so. */
  public Optional<String> refusal(long count) {
    if (count > 1 && failRequestsGreaterThanOne) {
      return Optional.of(
          count
              + " replicas requested, but the device plugin gives a container one at most ("
              + configPath
              + ".failRequestsGreaterThanOne)");
    }
    return Optional.empty();
  }
}
