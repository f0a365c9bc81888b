package dev.gpudra.demo;

import dev.gpudra.nvml.simulated.GpuGroup;
import dev.gpudra.nvml.simulated.GpuProfile;
import dev.gpudra.nvml.simulated.ProfileLoader;
import dev.gpudra.testsupport.kernel.SysfsStandIn;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The PCI bus of a demo node with PassthroughSupport: a sysfs stand-in holding the profile's GPUs
 * at their simulated bus IDs, with their models' PCI device IDs, NUMA node 0, each in an IOMMU
 * group of its own ({@code 10 + index}) and bound to the nvidia driver, as on a host booted with
 * the IOMMU on.
 */
public final class PciBus {
  private static final int FIRST_GROUP = 10;

  private PciBus() {}

  /** The IOMMU groups of the profile's GPUs, in index order. */
  public static List<Integer> iommuGroups(String profileName) {
    int gpus =
        new ProfileLoader().load(profileName).groups().stream().mapToInt(GpuGroup::count).sum();
    return java.util.stream.IntStream.range(FIRST_GROUP, FIRST_GROUP + gpus).boxed().toList();
  }

  /** Starts the stand-in under {@code root}, with the GPUs of the profile named. */
  public static SysfsStandIn start(Path root, String profileName) {
    GpuProfile profile = new ProfileLoader().load(profileName);
    List<SysfsStandIn.Gpu> gpus = new ArrayList<>();
    for (GpuGroup group : profile.groups()) {
      int deviceId = (int) (group.model().pciDeviceId() >>> 16);
      for (int i = 0; i < group.count(); i++) {
        int index = gpus.size();
        gpus.add(
            new SysfsStandIn.Gpu(
                profile.pciSlots().get(index).busId(),
                deviceId,
                0,
                FIRST_GROUP + index,
                Optional.of("nvidia")));
      }
    }
    return SysfsStandIn.start(root, gpus);
  }
}
