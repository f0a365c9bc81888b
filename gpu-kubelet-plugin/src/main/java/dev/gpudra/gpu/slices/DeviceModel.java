package dev.gpudra.gpu.slices;

import dev.gpudra.gpu.discovery.AbstractMigDevice;
import dev.gpudra.gpu.discovery.AllocatableDevice;
import dev.gpudra.gpu.discovery.FullGpu;
import dev.gpudra.gpu.discovery.StaticMigDevice;
import dev.gpudra.gpu.discovery.VfioGpu;
import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.MigProfile;
import dev.gpudra.nvml.MigResources;
import dev.gpudra.nvml.SystemInfo;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceCapacity;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceCapacityBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceTaint;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Builds the {@code resource.k8s.io/v1} Device for each allocatable device, with NVIDIA's attribute
 * names: unqualified names live in the {@code gpu.nvidia.com} domain, the PCI ones in {@code
 * resource.kubernetes.io}.
 */
public final class DeviceModel {
  public static final String PCI_BUS_ID = "resource.kubernetes.io/pciBusID";
  public static final String PCIE_ROOT = "resource.kubernetes.io/pcieRoot";

  /** The standard NUMA node attribute, as NVIDIA's 0.5 publishes it on every device type. */
  public static final String NUMA_NODE = "resource.kubernetes.io/numaNode";

  private final SystemInfo system;
  private final ConsumableShares shares;
  private final boolean listAttributes;

  public DeviceModel(SystemInfo system) {
    this(system, ConsumableShares.DISABLED, false);
  }

  /**
   * @param shares whether and how whole GPUs and MIG devices are shared through consumable capacity
   * @param listAttributes {@code numaNode} as a one-element {@code ints} list
   *     (DRAListTypeAttributes), else a scalar {@code int}
   */
  public DeviceModel(SystemInfo system, ConsumableShares shares, boolean listAttributes) {
    this.system = system;
    this.shares = shares;
    this.listAttributes = listAttributes;
  }

  public List<Device> devices(List<AllocatableDevice> devices) {
    Map<String, List<MigProfile>> partitions = partitions(devices);
    CompatibilityGroups groups = CompatibilityGroups.of(devices, partitions);
    return devices.stream().map(d -> shared(d, groups.apply(d, device(d, partitions)))).toList();
  }

  /**
   * With consumable shares, a whole GPU or existing MIG device may be allocated to several claims,
   * each taking part of its memory (and of its shares); passthrough GPUs and devices that consume
   * counters (DynamicMIG) are not shared.
   */
  private Device shared(AllocatableDevice source, Device device) {
    boolean shareable =
        (source instanceof FullGpu || source instanceof StaticMigDevice)
            && (device.getConsumesCounters() == null || device.getConsumesCounters().isEmpty());
    if (!shares.enabled() || !shareable) {
      return device;
    }
    Map<String, DeviceCapacity> capacity = new LinkedHashMap<>(device.getCapacity());
    long memory = Quantities.bytes(capacity.get("memory").getValue());
    capacity.putAll(shares.capacity(memory));
    return new DeviceBuilder(device)
        .withAllowMultipleAllocations(true)
        .withCapacity(capacity)
        .build();
  }

  /** The devices, each with the taints {@code taints} gives its name (none when empty). */
  public List<Device> devices(
      List<AllocatableDevice> devices, Function<String, List<DeviceTaint>> taints) {
    List<Device> built = devices(devices);
    return built.stream()
        .map(device -> {
          List<DeviceTaint> held = taints.apply(device.getName());
          return held.isEmpty() ? device : new DeviceBuilder(device).withTaints(held).build();
        })
        .toList();
  }

  /**
   * The profiles each partitionable GPU (by UUID) is offered in, from its abstract MIG devices
   * (DynamicMIG); empty without DynamicMIG.
   */
  static Map<String, List<MigProfile>> partitions(List<AllocatableDevice> devices) {
    Map<String, List<MigProfile>> partitions = new LinkedHashMap<>();
    for (AllocatableDevice device : devices) {
      if (device instanceof AbstractMigDevice mig) {
        List<MigProfile> profiles =
            partitions.computeIfAbsent(mig.gpu().uuid(), k -> new ArrayList<>());
        if (!profiles.contains(mig.profile())) {
          profiles.add(mig.profile());
        }
      }
    }
    return partitions;
  }

  private Device device(AllocatableDevice device, Map<String, List<MigProfile>> partitions) {
    return switch (device) {
      case FullGpu gpu -> fullGpu(gpu, partitions.get(gpu.uuid()));
      case StaticMigDevice mig -> mig(mig);
      case AbstractMigDevice mig -> abstractMig(mig, partitions.get(mig.gpu().uuid()));
      case VfioGpu vfio -> CompatibilityGroups.vfio(vfio(vfio), vfio, partitions);
    };
  }

  /** A whole GPU; a partitionable one takes its profiles' largest share and all its counters. */
  private Device fullGpu(FullGpu device, List<MigProfile> profiles) {
    Attributes attributes = common(device).string("uuid", device.uuid());
    if (profiles == null || profiles.isEmpty()) {
      Map<String, DeviceCapacity> capacity = new LinkedHashMap<>();
      capacity.put("memory", capacity(Quantities.binary(device.gpu().memoryBytes())));
      return build(device.name(), attributes, capacity);
    }
    return new DeviceBuilder(
            build(device.name(), attributes, resourceCapacity(MigCounters.max(profiles))))
        .withConsumesCounters(MigCounters.wholeGpu(device.gpu(), profiles))
        .build();
  }

  private Device mig(StaticMigDevice device) {
    Attributes attributes =
        common(device)
            .string("uuid", device.uuid())
            .string("parentUUID", device.gpu().uuid())
            .string("profile", device.mig().profile().name());
    return build(device.name(), attributes, migCapacity(device));
  }

  /** A MIG device to be created: no UUID yet, and it consumes its share of the GPU's counters. */
  private Device abstractMig(AbstractMigDevice device, List<MigProfile> profiles) {
    Attributes attributes =
        common(device)
            .string("parentUUID", device.gpu().uuid())
            .string("profile", device.profile().name());
    return new DeviceBuilder(
            build(device.name(), attributes, resourceCapacity(device.profile().resources())))
        .withConsumesCounters(
            MigCounters.migDevice(device.gpu(), device.profile(), device.placement()))
        .build();
  }

  /**
   * A GPU for passthrough, with NVIDIA's attributes: PCI identity and topology rather than NVML's
   * (a VM's driver sees the device, not this node's), and its BARs as {@code addressableMemory}.
   */
  private Device vfio(VfioGpu device) {
    Attributes attributes =
        new Attributes()
            .string("type", device.type().attribute())
            .string("uuid", device.uuid())
            .string("deviceID", String.format("0x%04x", device.pci().deviceId()))
            .string("vendorID", "0x10de")
            .string("productName", device.productName())
            .bool("iommuFDEnabled", device.iommuFd())
            .string(PCI_BUS_ID, device.pci().address())
            .stringIfPresent(PCIE_ROOT, device.pci().pcieRoot().orElse(null));
    numaNode(attributes, device.pci().numaNode());
    Map<String, DeviceCapacity> capacity = new LinkedHashMap<>();
    capacity.put(
        "addressableMemory", capacity(Quantities.binary(device.pci().addressableMemory())));
    return build(device.name(), attributes, capacity);
  }

  /** {@link #NUMA_NODE}, omitted when the platform has none (-1), as NVIDIA's. */
  private Attributes numaNode(Attributes attributes, int node) {
    if (node < 0) {
      return attributes;
    }
    return listAttributes
        ? attributes.integers(NUMA_NODE, List.of((long) node))
        : attributes.integer(NUMA_NODE, node);
  }

  private Attributes common(AllocatableDevice device) {
    GpuInfo gpu = device.gpu();
    Attributes attributes =
        new Attributes()
            .string("type", device.type().attribute())
            .string("productName", gpu.name())
            .string("brand", gpu.brand().label())
            .string("architecture", gpu.architecture().label())
            .version("cudaComputeCapability", Versions.semver(gpu.computeCapability().toString()))
            .version("driverVersion", Versions.semver(system.driverVersion()))
            .version("cudaDriverVersion", Versions.cudaDriver(system.cudaDriverVersion()))
            .string(PCI_BUS_ID, gpu.pciBusId())
            .stringIfPresent(PCIE_ROOT, gpu.pcieRoot())
            .stringIfPresent("addressingMode", gpu.addressingMode().label());
    return numaNode(attributes, gpu.numaNode());
  }

  private static Map<String, DeviceCapacity> migCapacity(StaticMigDevice device) {
    // The profile's resources, not the device's own report: every device of one profile must
    // publish the same capacity, or selectors written against one node fail on another.
    Map<String, DeviceCapacity> capacity = resourceCapacity(device.mig().profile().resources());
    int start = device.mig().placement().start();
    for (int slice = start; slice < start + device.mig().placement().size(); slice++) {
      capacity.put("memorySlice" + slice, capacity(Quantities.count(1)));
    }
    return capacity;
  }

  private static Map<String, DeviceCapacity> resourceCapacity(MigResources r) {
    Map<String, DeviceCapacity> capacity = new LinkedHashMap<>();
    capacity.put("multiprocessors", capacity(Quantities.count(r.multiprocessors())));
    capacity.put("copyEngines", capacity(Quantities.count(r.copyEngines())));
    capacity.put("decoders", capacity(Quantities.count(r.decoders())));
    capacity.put("encoders", capacity(Quantities.count(r.encoders())));
    capacity.put("jpegEngines", capacity(Quantities.count(r.jpegEngines())));
    capacity.put("ofaEngines", capacity(Quantities.count(r.ofaEngines())));
    capacity.put("memory", capacity(Quantities.binary(r.memoryBytes())));
    return capacity;
  }

  private static DeviceCapacity capacity(Quantity value) {
    return new DeviceCapacityBuilder().withValue(value).build();
  }

  private static Device build(
      String name, Attributes attributes, Map<String, DeviceCapacity> capacity) {
    return new DeviceBuilder()
        .withName(name)
        .withAttributes(attributes.ordered())
        .withCapacity(capacity)
        .build();
  }
}
