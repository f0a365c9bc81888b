package dev.gpudra.gpu.slices;

import dev.gpudra.gpu.discovery.AbstractMigDevice;
import dev.gpudra.gpu.discovery.AllocatableDevice;
import dev.gpudra.gpu.discovery.FullGpu;
import dev.gpudra.gpu.discovery.VfioGpu;
import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.MigProfile;
import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceCounterConsumption;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceCounterConsumptionBuilder;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Kubernetes 1.37 compatibility groups (DeviceCompatibilityGroups): a partitionable GPU that is
 * also offered for passthrough has its MIG devices, its whole self and its passthrough device on
 * one counter set. The driver a device needs is its group: {@value #NVIDIA} for those NVML serves,
 * {@value #VFIO} for the passthrough one, so the scheduler never mixes the two on one GPU. Devices
 * of other GPUs carry no groups, as NVIDIA's.
 *
 * @param gpus the UUIDs of the GPUs offered both ways
 */
record CompatibilityGroups(Set<String> gpus) {
  /** The group of devices the nvidia driver serves. */
  static final String NVIDIA = "nvidia";

  /** The group of a GPU bound to vfio-pci for a VM. */
  static final String VFIO = "vfio-pci";

  /** The field of {@code DeviceCounterConsumption} (resource.k8s.io/v1, Kubernetes 1.37). */
  static final String FIELD = "compatibilityGroups";

  CompatibilityGroups {
    gpus = Set.copyOf(gpus);
  }

  /** The GPUs of {@code partitions} that a passthrough device of {@code devices} also offers. */
  static CompatibilityGroups of(
      List<AllocatableDevice> devices, Map<String, List<MigProfile>> partitions) {
    return new CompatibilityGroups(
        devices.stream()
            .filter(VfioGpu.class::isInstance)
            .map(d -> ((VfioGpu) d).parent())
            .flatMap(Optional::stream)
            .map(GpuInfo::uuid)
            .filter(partitions::containsKey)
            .collect(Collectors.toSet()));
  }

  /** A passthrough device of a partitionable GPU consumes the GPU's whole counter set. */
  static Device vfio(Device built, VfioGpu vfio, Map<String, List<MigProfile>> partitions) {
    Optional<GpuInfo> gpu = vfio.parent().filter(g -> partitions.containsKey(g.uuid()));
    return gpu.map(g ->
            new DeviceBuilder(built)
                .withConsumesCounters(
                    grouped(MigCounters.wholeGpu(g, partitions.get(g.uuid())), VFIO))
                .build())
        .orElse(built);
  }

  /** The device with its group on each counter set it consumes, where its GPU needs groups. */
  Device apply(AllocatableDevice source, Device device) {
    boolean nvml = source instanceof FullGpu || source instanceof AbstractMigDevice;
    if (!nvml || !gpus.contains(source.gpu().uuid()) || device.getConsumesCounters() == null) {
      return device;
    }
    return new DeviceBuilder(device)
        .withConsumesCounters(
            device.getConsumesCounters().stream().map(c -> grouped(c, NVIDIA)).toList())
        .build();
  }

  private static DeviceCounterConsumption grouped(DeviceCounterConsumption c, String group) {
    DeviceCounterConsumption out = new DeviceCounterConsumptionBuilder(c).build();
    out.setAdditionalProperty(FIELD, List.of(group));
    return out;
  }
}
