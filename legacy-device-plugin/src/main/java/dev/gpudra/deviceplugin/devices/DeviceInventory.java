package dev.gpudra.deviceplugin.devices;

import dev.gpudra.deviceplugin.config.DeviceListStrategy;
import dev.gpudra.deviceplugin.config.DevicePluginConfig;
import dev.gpudra.deviceplugin.config.DiscoveryStrategy;
import dev.gpudra.deviceplugin.config.ReplicatedResource;
import dev.gpudra.deviceplugin.config.ReplicatedResources;
import dev.gpudra.nvml.GpuInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.function.Function;

/**
 * The resources a node's GPUs make under a config: the MIG strategy's groups ({@link MigGroups}),
 * and, time-sliced, each device of {@code nvidia.com/gpu} as {@code replicas} devices {@code
 * <id>::<k>} ({@code nvidia.com/gpu.shared} with {@code renameByDefault}). What is not built yet is
 * refused by its path.
 */
public final class DeviceInventory {
  static final String GPU = "nvidia.com/gpu";

  private DeviceInventory() {}

  public static List<AdvertisedResource> resources(DevicePluginConfig config, List<GpuInfo> gpus) {
    return resources(config, NodeGpus.whole(gpus), gpu -> OptionalInt.empty());
  }

  /**
   * @param numa each GPU's NUMA node, where the node has one
   * @throws MigLayoutException when the node's MIG layout breaks the strategy's rules
   */
  public static List<AdvertisedResource> resources(
      DevicePluginConfig config, NodeGpus node, Function<GpuInfo, OptionalInt> numa) {
    refuseUnbuilt(config);
    Map<String, List<AdvertisedDevice>> groups =
        new MigGroups(node, numa).group(config.flags().migStrategy());
    ReplicatedResources slicing = config.sharing() == null ? null : config.sharing().timeSlicing();
    List<AdvertisedResource> resources = new ArrayList<>();
    groups.forEach((name, devices) -> {
      if (devices.isEmpty()) {
        return; // as NVIDIA's: no server for a resource without devices
      }
      if (slicing != null && GPU.equals(name)) {
        resources.add(replicated(slicing, devices));
      } else {
        resources.add(new AdvertisedResource(name, devices, false, false));
      }
    });
    return resources;
  }

  /** Each device as {@code replicas} devices {@code <id>::<k>}. */
  private static AdvertisedResource replicated(
      ReplicatedResources slicing, List<AdvertisedDevice> devices) {
    ReplicatedResource shared = slicing.resources().getFirst();
    if (slicing.resources().size() > 1 || !GPU.equals(shared.resourceName())) {
      throw new UnsupportedSettingException(
          "sharing.timeSlicing.resources", "a resource other than " + GPU);
    }
    List<AdvertisedDevice> replicas = new ArrayList<>();
    for (AdvertisedDevice device : devices) {
      for (int k = 0; k < shared.replicas(); k++) {
        replicas.add(device.replica(k));
      }
    }
    String name = slicing.renameByDefault() ? GPU + ".shared" : GPU;
    return new AdvertisedResource(name, replicas, true, slicing.failRequestsGreaterThanOne());
  }

  /**
   * Refuses, by path, a setting NVIDIA's plugin has and this one does not do yet.
   *
   * @throws UnsupportedSettingException naming the first such setting
   */
  public static void refuseUnbuilt(DevicePluginConfig config) {
    refuseCdiExtras(config);
    if (config.flags().deviceDiscoveryStrategy() == DiscoveryStrategy.TEGRA) {
      throw new UnsupportedSettingException("flags.deviceDiscoveryStrategy", "tegra");
    }
    if (config.sharing() != null && config.sharing().mps() != null) {
      throw new UnsupportedSettingException("sharing.mps", "MPS sharing");
    }
  }

  /**
   * With a CDI strategy NVIDIA's plugin names {@code k8s.device-plugin.nvidia.com/gds=all} (and
   * mofed, gdrcopy) from specs it generates for those drivers; ours does not generate them yet, and
   * a name without a spec would fail every container at its start.
   */
  private static void refuseCdiExtras(DevicePluginConfig config) {
    if (config.flags().plugin().deviceListStrategy().stream().noneMatch(DeviceListStrategy::cdi)) {
      return;
    }
    if (config.flags().gdsEnabled()) {
      throw new UnsupportedSettingException("flags.gdsEnabled", "true with a CDI strategy");
    }
    if (config.flags().mofedEnabled()) {
      throw new UnsupportedSettingException("flags.mofedEnabled", "true with a CDI strategy");
    }
    if (config.flags().gdrcopyEnabled()) {
      throw new UnsupportedSettingException("flags.gdrcopyEnabled", "true with a CDI strategy");
    }
  }
}
