package dev.gpudra.localcluster.validation;

import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceAttribute;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceAttributeBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceCapacityBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSliceBuilder;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/** Slices like the GPU plugin publishes: eight H100s with NVIDIA's attributes. */
public final class Slices {
  private Slices() {}

  public static ResourceSlice gpuSlice() {
    return new ResourceSliceBuilder()
        .withNewMetadata()
        .withName("node-a-gpu.nvidia.com-abcde")
        .endMetadata()
        .withNewSpec()
        .withDriver("gpu.nvidia.com")
        .withNodeName("node-a")
        .withNewPool()
        .withName("node-a")
        .withGeneration(1L)
        .withResourceSliceCount(1L)
        .endPool()
        .withDevices(IntStream.range(0, 8).mapToObj(Slices::gpu).toList())
        .endSpec()
        .build();
  }

  public static Device gpu(int index) {
    Map<String, DeviceAttribute> attributes = new LinkedHashMap<>();
    attributes.put("type", string("gpu"));
    attributes.put("uuid", string("GPU-4cf8db2d-06c0-7d70-1a51-e59b25b2c16" + index));
    attributes.put("productName", string("NVIDIA H100 80GB HBM3"));
    attributes.put("brand", string("Nvidia"));
    attributes.put("architecture", string("Hopper"));
    attributes.put("index", new DeviceAttributeBuilder().withInt((long) index).build());
    attributes.put("minor", new DeviceAttributeBuilder().withInt((long) index).build());
    attributes.put("cudaComputeCapability", version("9.0.0"));
    attributes.put("driverVersion", version("570.124.6"));
    attributes.put("cudaDriverVersion", version("12.8.0"));
    attributes.put("pcieBusID", string("0000:1" + index + ":00.0"));
    attributes.put("resource.kubernetes.io/pcieRoot", string("pci0000:10"));
    return new DeviceBuilder()
        .withName("gpu-" + index)
        .withAttributes(attributes)
        .withCapacity(
            Map.of("memory", new DeviceCapacityBuilder().withValue(new Quantity("80Gi")).build()))
        .build();
  }

  public static ResourceSlice withDevices(List<Device> devices) {
    return new ResourceSliceBuilder(gpuSlice()).editSpec().withDevices(devices).endSpec().build();
  }

  static DeviceAttribute string(String s) {
    return new DeviceAttributeBuilder().withString(s).build();
  }

  static DeviceAttribute version(String v) {
    return new DeviceAttributeBuilder().withVersion(v).build();
  }
}
