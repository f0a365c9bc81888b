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
 * <id>::<k>} ({@code nvidia.com/gpu.shared} with {@code renameByDefault}), and the same under MPS,
 * on whole GPUs only. What is not built yet is refused by its path.
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
    List<AdvertisedResource> resources = new ArrayList<>();
    groups.forEach((name, devices) -> {
      if (devices.isEmpty()) {
        return; // as NVIDIA's: no server for a resource without devices
      }
      SharingKind sharing = sharing(config);
      if (sharing != SharingKind.NONE && GPU.equals(name)) {
        resources.add(replicated(config, sharing, devices));
      } else {
        resources.add(new AdvertisedResource(name, devices, SharingKind.NONE, false));
      }
    });
    return resources;
  }

  /** The config's sharing: time-slicing and MPS exclude each other (the config's rules). */
  public static SharingKind sharing(DevicePluginConfig config) {
    if (config.sharing() == null) {
      return SharingKind.NONE;
    }
    if (config.sharing().timeSlicing() != null) {
      return SharingKind.TIME_SLICING;
    }
    return config.sharing().mps() != null ? SharingKind.MPS : SharingKind.NONE;
  }

  /** Each device as {@code replicas} devices {@code <id>::<k>}. */
  private static AdvertisedResource replicated(
      DevicePluginConfig config, SharingKind sharing, List<AdvertisedDevice> devices) {
    boolean mps = sharing == SharingKind.MPS;
    ReplicatedResources shared = mps ? config.sharing().mps() : config.sharing().timeSlicing();
    String path = mps ? "sharing.mps" : "sharing.timeSlicing";
    ReplicatedResource resource = shared.resources().getFirst();
    if (shared.resources().size() > 1 || !GPU.equals(resource.resourceName())) {
      throw new UnsupportedSettingException(path + ".resources", "a resource other than " + GPU);
    }
    if (mps) {
      devices.stream()
          .filter(d -> d.mig().isPresent())
          .findFirst()
          .ifPresent(d -> {
            throw new MigLayoutException(
                "MPS sharing does not work with MIG devices (NVIDIA's plugin refuses it too): "
                    + d.id()
                    + " is one; share whole GPUs, or the MIG devices by time-slicing");
          });
    }
    if ((long) devices.size() * resource.replicas() > ReplicatedResource.MAX_DEVICES) {
      throw new UnsupportedSettingException(
          path + ".resources[0].replicas",
          resource.replicas()
              + " replicas of "
              + devices.size()
              + " devices (more than "
              + ReplicatedResource.MAX_DEVICES
              + " devices in one ListAndWatch response)");
    }
    List<AdvertisedDevice> replicas = new ArrayList<>();
    for (AdvertisedDevice device : devices) {
      for (int k = 0; k < resource.replicas(); k++) {
        replicas.add(device.replica(k));
      }
    }
    String name = shared.renameByDefault() ? GPU + ".shared" : GPU;
    return new AdvertisedResource(name, replicas, sharing, shared.failRequestsGreaterThanOne());
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
