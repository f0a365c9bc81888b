package dev.gpudra.localcluster.scheduler;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceAttribute;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSliceBuilder;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/** Hand-built API objects: GPU slices, claims and pods. */
final class Fixtures {
  static final String DRIVER = "gpu.nvidia.com";

  private Fixtures() {}

  /** A node's slice with {@code gpus} GPUs; GPU i sits behind root {@code pci-<i/2>}. */
  static ResourceSlice slice(String node, int gpus) {
    List<Device> devices = IntStream.range(0, gpus).mapToObj(Fixtures::gpu).toList();
    return new ResourceSliceBuilder()
        .withNewMetadata()
        .withName(node + "-gpu")
        .endMetadata()
        .withNewSpec()
        .withDriver(DRIVER)
        .withNodeName(node)
        .withNewPool()
        .withName(node)
        .withGeneration(1L)
        .withResourceSliceCount(1L)
        .endPool()
        .withDevices(devices)
        .endSpec()
        .build();
  }

  private static Device gpu(int i) {
    DeviceAttribute type = new DeviceAttribute();
    type.setString("gpu");
    DeviceAttribute root = new DeviceAttribute();
    root.setString("pci-" + (i / 2));
    return new DeviceBuilder()
        .withName("gpu-" + i)
        .withAttributes(Map.of("type", type, "resource.kubernetes.io/pcieRoot", root))
        .build();
  }

  /** A claim for {@code count} GPUs, optionally on one PCIe root. */
  static ResourceClaim claim(String name, long count, boolean sameRoot) {
    var builder =
        new ResourceClaimBuilder()
            .withNewMetadata()
            .withName(name)
            .withNamespace("ns")
            .withUid("uid-" + name)
            .endMetadata()
            .withNewSpec()
            .withNewDevices()
            .addNewRequest()
            .withName("gpu")
            .withNewExactly()
            .withDeviceClassName("gpu.nvidia.com")
            .withCount(count)
            .endExactly()
            .endRequest();
    if (sameRoot) {
      builder =
          builder
              .addNewConstraint()
              .withMatchAttribute("resource.kubernetes.io/pcieRoot")
              .endConstraint();
    }
    return builder.endDevices().endSpec().build();
  }

  static Pod pod(String name) {
    return new PodBuilder()
        .withNewMetadata()
        .withName(name)
        .withNamespace("ns")
        .withUid("pod-uid-" + name)
        .endMetadata()
        .withNewSpec()
        .endSpec()
        .build();
  }
}
