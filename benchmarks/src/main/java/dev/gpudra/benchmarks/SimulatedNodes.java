package dev.gpudra.benchmarks;

import dev.gpudra.gpu.discovery.DeviceDiscovery;
import dev.gpudra.gpu.discovery.Inventory;
import dev.gpudra.gpu.slices.DeviceModel;
import dev.gpudra.nvml.simulated.GpuProfile;
import dev.gpudra.nvml.simulated.ProfileLoader;
import dev.gpudra.nvml.simulated.SimulatedNvml;
import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSliceBuilder;
import java.util.List;
import java.util.stream.IntStream;

/**
 * Nodes with the devices the GPU kubelet plugin would publish for a simulated profile: one
 * single-slice pool per node, named after it, as the plugin publishes them.
 */
final class SimulatedNodes {
  static final String DRIVER = "gpu.nvidia.com";

  private final GpuProfile profile;

  SimulatedNodes(String profileName) {
    this.profile = new ProfileLoader().load(profileName);
  }

  /** {@code node-0000} ... , distinct names so device UUIDs differ between nodes. */
  static List<String> nodeNames(int count) {
    return IntStream.range(0, count).mapToObj(i -> "node-%04d".formatted(i)).toList();
  }

  /** The devices the plugin publishes on {@code nodeName}, in publication order. */
  List<Device> devices(String nodeName) {
    Inventory inventory = new DeviceDiscovery(new SimulatedNvml(profile, nodeName)).discover();
    return new DeviceModel(inventory.system()).devices(inventory.devices());
  }

  /** The node's one ResourceSlice: generation 1, one slice in the pool. */
  ResourceSlice slice(String nodeName) {
    return new ResourceSliceBuilder()
        .withNewMetadata()
        .withName(nodeName + "-" + DRIVER)
        .endMetadata()
        .withNewSpec()
        .withDriver(DRIVER)
        .withNodeName(nodeName)
        .withNewPool()
        .withName(nodeName)
        .withGeneration(1L)
        .withResourceSliceCount(1L)
        .endPool()
        .withDevices(devices(nodeName))
        .endSpec()
        .build();
  }
}
