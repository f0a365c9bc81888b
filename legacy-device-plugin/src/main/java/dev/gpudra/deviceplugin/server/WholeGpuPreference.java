package dev.gpudra.deviceplugin.server;

import dev.gpudra.deviceplugin.allocation.BestEffortPolicy;
import dev.gpudra.deviceplugin.allocation.GpuLinks;
import dev.gpudra.deviceplugin.devices.AdvertisedDevice;
import dev.gpudra.deviceplugin.devices.AdvertisedResource;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/** GetPreferredAllocation for whole GPUs: NVIDIA's best-effort policy over the GPUs' links. */
final class WholeGpuPreference implements DevicePreference {
  private final Set<String> ids;
  private final BestEffortPolicy policy;

  WholeGpuPreference(AdvertisedResource resource, GpuLinks links) {
    this.ids = resource.devices().stream().map(AdvertisedDevice::id).collect(Collectors.toSet());
    this.policy = new BestEffortPolicy(links);
  }

  @Override
  public List<String> choose(List<String> available, List<String> mustInclude, int size) {
    for (List<String> list : List.of(available, mustInclude)) {
      for (String id : list) {
        if (!ids.contains(id)) {
          throw new AllocateRefusedException("unknown device " + id);
        }
      }
    }
    return policy.choose(available, mustInclude, size);
  }
}
