package dev.gpudra.nvml.simulated;

import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.MigDevice;
import java.util.ArrayList;
import java.util.List;

/**
 * One simulated GPU: what NVML reports about it and the MIG devices it holds. GPU-instance IDs
 * count from 1 in the order the profile lists the devices; every compute instance is 0.
 */
record SimulatedGpu(GpuInfo info, GpuGroup group, List<MigDevice> migDevices) {
  SimulatedGpu {
    migDevices = List.copyOf(migDevices);
  }

  static SimulatedGpu of(GpuGroup group, int index, PciSlot slot, DeviceIdentities ids) {
    GpuModel model = group.model();
    GpuInfo info =
        new GpuInfo(
            index,
            index,
            ids.gpuUuid(index),
            model.name(),
            model.brand(),
            model.architecture(),
            model.computeCapability(),
            slot.busId(),
            slot.pcieRoot(),
            slot.numaNode(),
            model.memoryBytes(),
            group.migMode(),
            group.addressingMode());
    List<MigDevice> devices = new ArrayList<>();
    for (MigDeviceSpec spec : group.migDevices()) {
      int gi = devices.size() + 1;
      devices.add(
          new MigDevice(
              gi,
              0,
              ids.migUuid(index, gi),
              spec.profile(),
              spec.placement(),
              spec.profile().resources()));
    }
    return new SimulatedGpu(info, group, devices);
  }
}
