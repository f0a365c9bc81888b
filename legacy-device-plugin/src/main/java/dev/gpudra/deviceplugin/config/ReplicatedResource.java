package dev.gpudra.deviceplugin.config;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One shared resource.
 *
 * @param name {@code nvidia.com/gpu} or {@code gpu} (the prefix is added)
 * @param rename the name to advertise instead (refused: NVIDIA's plugin ignores it)
 * @param devices {@code all}; a count or a list of devices is refused (NVIDIA's plugin ignores it)
 * @param replicas how many replicas each device is advertised as (at least 2, at most {@link
 *     #MAX_DEVICES})
 */
public record ReplicatedResource(String name, String rename, JsonNode devices, Integer replicas) {
  /** NVIDIA's resource name prefix, added to a name without one. */
  public static final String PREFIX = "nvidia.com/";

  /**
   * The most devices one resource may advertise: a ListAndWatch response carries them all, and the
   * kubelet reads at most 4 MiB of it (about 60 bytes a device). Also bounds what a config file can
   * make the plugin allocate.
   */
  public static final int MAX_DEVICES = 32_768;

  /** The full resource name. */
  public String resourceName() {
    return name == null || name.contains("/") ? name : PREFIX + name;
  }
}
