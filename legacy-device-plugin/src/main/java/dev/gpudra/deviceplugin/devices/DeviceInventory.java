package dev.gpudra.deviceplugin.devices;

import dev.gpudra.deviceplugin.config.DeviceListStrategy;
import dev.gpudra.deviceplugin.config.DevicePluginConfig;
import dev.gpudra.deviceplugin.config.DiscoveryStrategy;
import dev.gpudra.deviceplugin.config.MigStrategy;
import dev.gpudra.deviceplugin.config.ReplicatedResource;
import dev.gpudra.deviceplugin.config.ReplicatedResources;
import dev.gpudra.nvml.GpuInfo;
import java.util.ArrayList;
import java.util.List;

/**
 * The resources a node's GPUs make under a config: {@code nvidia.com/gpu} with every GPU (MIG
 * strategy {@code none}: a MIG-enabled GPU counts whole), or, time-sliced, each GPU as {@code
 * replicas} devices {@code <UUID>::<k>} under {@code nvidia.com/gpu} ({@code nvidia.com/gpu.shared}
 * with {@code renameByDefault}). What is not built yet is refused by its path.
 */
public final class DeviceInventory {
  static final String GPU = "nvidia.com/gpu";

  private DeviceInventory() {}

  public static List<AdvertisedResource> resources(DevicePluginConfig config, List<GpuInfo> gpus) {
    refuseUnbuilt(config);
    ReplicatedResources slicing = config.sharing() == null ? null : config.sharing().timeSlicing();
    if (slicing == null) {
      List<AdvertisedDevice> whole =
          gpus.stream().map(g -> new AdvertisedDevice(g.uuid(), g)).toList();
      return List.of(new AdvertisedResource(GPU, whole, false, false));
    }
    ReplicatedResource shared = slicing.resources().getFirst();
    if (slicing.resources().size() > 1 || !GPU.equals(shared.resourceName())) {
      throw new UnsupportedSettingException(
          "sharing.timeSlicing.resources", "a resource other than " + GPU);
    }
    List<AdvertisedDevice> replicas = new ArrayList<>();
    for (GpuInfo gpu : gpus) {
      for (int k = 0; k < shared.replicas(); k++) {
        replicas.add(new AdvertisedDevice(gpu.uuid() + AdvertisedDevice.REPLICA + k, gpu));
      }
    }
    String name = slicing.renameByDefault() ? GPU + ".shared" : GPU;
    return List.of(
        new AdvertisedResource(name, replicas, true, slicing.failRequestsGreaterThanOne()));
  }

  /**
   * Refuses, by path, a setting NVIDIA's plugin has and this one does not do yet.
   *
   * @throws UnsupportedSettingException naming the first such setting
   */
  public static void refuseUnbuilt(DevicePluginConfig config) {
    if (config.flags().migStrategy() != MigStrategy.NONE) {
      throw new UnsupportedSettingException(
          "flags.migStrategy",
          config.flags().migStrategy().name().toLowerCase(java.util.Locale.ROOT));
    }
    for (DeviceListStrategy strategy : config.flags().plugin().deviceListStrategy()) {
      if (strategy != DeviceListStrategy.ENVVAR) {
        throw new UnsupportedSettingException(
            "flags.plugin.deviceListStrategy",
            strategy.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'));
      }
    }
    if (config.flags().deviceDiscoveryStrategy() == DiscoveryStrategy.TEGRA) {
      throw new UnsupportedSettingException("flags.deviceDiscoveryStrategy", "tegra");
    }
    if (config.flags().plugin().passDeviceSpecs()) {
      throw new UnsupportedSettingException("flags.plugin.passDeviceSpecs", "true");
    }
    if (!config.imex().channelIds().isEmpty()) {
      throw new UnsupportedSettingException(
          "imex.channelIDs", config.imex().channelIds().toString());
    }
    if (config.sharing() != null && config.sharing().mps() != null) {
      throw new UnsupportedSettingException("sharing.mps", "MPS sharing");
    }
  }
}
