package dev.gpudra.deviceplugin.devices;

import dev.gpudra.nvml.GpuInfo;

/**
 * One device as the kubelet sees it.
 *
 * @param id what the kubelet allocates: the GPU's UUID, or {@code <UUID>::<k>} for replica k
 * @param gpu the GPU behind it
 */
public record AdvertisedDevice(String id, GpuInfo gpu) {
  /** Between a GPU's ID and its replica number in a shared device's ID. */
  public static final String REPLICA = "::";

  /** The GPU's part of a device ID: what comes before {@code ::}, if anything does. */
  public static String physical(String id) {
    int at = id.indexOf(REPLICA);
    return at < 0 ? id : id.substring(0, at);
  }
}
