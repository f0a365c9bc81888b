package dev.gpudra.deviceplugin.devices;

import dev.gpudra.deviceplugin.config.MigStrategy;
import dev.gpudra.nvml.GpuInfo;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The devices of each resource under a MIG strategy, as NVIDIA's plugin groups them: {@code none}
 * counts every GPU whole under {@code nvidia.com/gpu}; {@code single} puts every MIG device under
 * {@code nvidia.com/gpu} when all GPUs have MIG enabled with devices of one profile; {@code mixed}
 * puts whole GPUs under {@code nvidia.com/gpu} and each profile's MIG devices under {@code
 * nvidia.com/mig-<profile>}.
 */
final class MigGroups {
  private static final Logger log = LoggerFactory.getLogger(MigGroups.class);

  private final NodeGpus node;
  private final Function<GpuInfo, OptionalInt> numa;

  MigGroups(NodeGpus node, Function<GpuInfo, OptionalInt> numa) {
    this.node = node;
    this.numa = numa;
  }

  /**
   * Devices by resource name, {@code nvidia.com/gpu} first, then MIG resources by name.
   *
   * @throws MigLayoutException when the node breaks the single strategy's rules
   */
  Map<String, List<AdvertisedDevice>> group(MigStrategy strategy) {
    return switch (strategy) {
      case NONE -> Map.of(DeviceInventory.GPU, whole(node.gpus()));
      case SINGLE -> single();
      case MIXED -> mixed();
    };
  }

  private List<AdvertisedDevice> whole(List<GpuInfo> gpus) {
    return gpus.stream().map(g -> new AdvertisedDevice(g.uuid(), g, numa.apply(g))).toList();
  }

  private AdvertisedDevice mig(GpuInfo gpu, MigSlot slot) {
    return new AdvertisedDevice(
        slot.device().uuid(), gpu, java.util.Optional.of(slot), numa.apply(gpu));
  }

  private Map<String, List<AdvertisedDevice>> single() {
    List<GpuInfo> enabled = node.gpus().stream().filter(node::migEnabled).toList();
    if (enabled.isEmpty()) {
      return Map.of(DeviceInventory.GPU, whole(node.gpus()));
    }
    if (enabled.size() != node.gpus().size()) {
      throw new MigLayoutException(
          "single needs every GPU in the same MIG mode; MIG is enabled on "
              + indices(enabled)
              + " but not on "
              + indices(node.gpus().stream().filter(g -> !node.migEnabled(g)).toList()));
    }
    List<AdvertisedDevice> devices = new ArrayList<>();
    for (GpuInfo gpu : enabled) {
      List<MigSlot> slots = node.migSlots(gpu);
      if (slots.isEmpty()) {
        throw new MigLayoutException(
            "single: GPU "
                + gpu.index()
                + " ("
                + gpu.uuid()
                + ") has MIG enabled but no MIG devices");
      }
      slots.forEach(s -> devices.add(mig(gpu, s)));
    }
    TreeSet<String> profiles =
        devices.stream()
            .map(d -> d.mig().orElseThrow().device().profile().name())
            .collect(Collectors.toCollection(TreeSet::new));
    if (profiles.size() > 1) {
      throw new MigLayoutException(
          "single needs MIG devices of one profile on every GPU; the node has " + profiles);
    }
    return Map.of(DeviceInventory.GPU, devices);
  }

  private Map<String, List<AdvertisedDevice>> mixed() {
    Map<String, List<AdvertisedDevice>> groups = new LinkedHashMap<>();
    groups.put(
        DeviceInventory.GPU, whole(node.gpus().stream().filter(g -> !node.migEnabled(g)).toList()));
    Map<String, List<AdvertisedDevice>> migs = new TreeMap<>();
    for (GpuInfo gpu : node.gpus().stream().filter(node::migEnabled).toList()) {
      List<MigSlot> slots = node.migSlots(gpu);
      if (slots.isEmpty()) {
        log.warn(
            "GPU {} ({}) has MIG enabled but no MIG devices: it advertises nothing",
            gpu.index(),
            gpu.uuid());
      }
      for (MigSlot slot : slots) {
        migs.computeIfAbsent(slot.mixedResource(), r -> new ArrayList<>()).add(mig(gpu, slot));
      }
    }
    groups.putAll(migs);
    return groups;
  }

  private static List<Integer> indices(List<GpuInfo> gpus) {
    return gpus.stream().map(GpuInfo::index).toList();
  }
}
