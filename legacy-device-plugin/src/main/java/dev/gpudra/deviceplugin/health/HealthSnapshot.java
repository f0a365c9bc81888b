package dev.gpudra.deviceplugin.health;

import java.util.Set;
import java.util.TreeSet;

/**
 * The health of the node's GPUs at one moment.
 *
 * @param unhealthy the UUIDs of the GPUs that are Unhealthy; every other GPU is Healthy
 */
public record HealthSnapshot(Set<String> unhealthy) {
  /** Every GPU Healthy. */
  public static final HealthSnapshot ALL_HEALTHY = new HealthSnapshot(Set.of());

  public HealthSnapshot {
    unhealthy = Set.copyOf(new TreeSet<>(unhealthy));
  }

  public boolean healthy(String gpuUuid) {
    return !unhealthy.contains(gpuUuid);
  }
}
