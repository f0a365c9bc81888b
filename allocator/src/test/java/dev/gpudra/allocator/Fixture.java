package dev.gpudra.allocator;

import io.fabric8.kubernetes.api.model.NodeSelectorBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceAttributeBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceCapacityBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClaimConfiguration;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClaimConfigurationBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClass;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClassBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClassConfigurationBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceConstraint;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceConstraintBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequest;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceSelector;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceSelectorBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceSubRequest;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceSubRequestBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSliceBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSliceSpecBuilder;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** A tiny world for allocation tests: one driver, GPUs and NICs under PCIe roots, two nodes. */
final class Fixture {

  static final String DRIVER = "gpu.example.com";
  static final String PCIE_ROOT = "resource.kubernetes.io/pcieRoot";
  static final String IS_GPU = "device.attributes['gpu.example.com'].type == 'gpu'";
  static final String GPU_CLASS = "gpu.example.com";
  static final CandidateNode NODE_A = new CandidateNode("node-a", Map.of("zone", "z1"));

  private Fixture() {}

  static Device gpu(String name, String pcieRoot) {
    return device(name, "gpu", pcieRoot, "80Gi");
  }

  static Device nic(String name, String pcieRoot) {
    return device(name, "nic", pcieRoot, "0");
  }

  static Device device(String name, String type, String pcieRoot, String memory) {
    return new DeviceBuilder()
        .withName(name)
        .withAttributes(
            Map.of(
                "type",
                new DeviceAttributeBuilder().withString(type).build(),
                PCIE_ROOT,
                new DeviceAttributeBuilder().withString(pcieRoot).build()))
        .withCapacity(
            Map.of("memory", new DeviceCapacityBuilder().withValue(new Quantity(memory)).build()))
        .build();
  }

  /** One complete single-slice pool named after the node. */
  static ResourceSlice nodeSlice(String node, Device... devices) {
    return poolSlice(node + "-slice", node, 1, 1, devices).withNode(node);
  }

  /** A slice of {@code pool}, generation and slice count given, node selection still to set. */
  static SliceDraft poolSlice(
      String name, String pool, long generation, long count, Device... devices) {
    return new SliceDraft(name, pool, generation, count, List.of(devices));
  }

  record SliceDraft(String name, String pool, long generation, long count, List<Device> devices) {

    ResourceSlice withNode(String node) {
      return build(new ResourceSliceSpecBuilder().withNodeName(node));
    }

    ResourceSlice onAllNodes() {
      return build(new ResourceSliceSpecBuilder().withAllNodes(true));
    }

    ResourceSlice onNodesLabelled(String key, String value) {
      return build(
          new ResourceSliceSpecBuilder()
              .withNodeSelector(
                  new NodeSelectorBuilder()
                      .addNewNodeSelectorTerm()
                      .addNewMatchExpression()
                      .withKey(key)
                      .withOperator("In")
                      .withValues(value)
                      .endMatchExpression()
                      .endNodeSelectorTerm()
                      .build()));
    }

    private ResourceSlice build(ResourceSliceSpecBuilder spec) {
      return new ResourceSliceBuilder()
          .withNewMetadata()
          .withName(name)
          .endMetadata()
          .withSpec(
              spec.withDriver(DRIVER)
                  .withNewPool()
                  .withName(pool)
                  .withGeneration(generation)
                  .withResourceSliceCount(count)
                  .endPool()
                  .withDevices(devices)
                  .build())
          .build();
    }
  }

  static DeviceClass gpuClass(Object... configParameters) {
    return deviceClass(
        GPU_CLASS, List.of("device.driver == 'gpu.example.com'", IS_GPU), configParameters);
  }

  static DeviceClass deviceClass(String name, List<String> selectors, Object... configParameters) {
    return new DeviceClassBuilder()
        .withNewMetadata()
        .withName(name)
        .endMetadata()
        .withNewSpec()
        .withSelectors(selectors(selectors.toArray(String[]::new)))
        .withConfig(
            Arrays.stream(configParameters)
                .map(p ->
                    new DeviceClassConfigurationBuilder()
                        .withNewOpaque()
                        .withDriver(DRIVER)
                        .withParameters(p)
                        .endOpaque()
                        .build())
                .toList())
        .endSpec()
        .build();
  }

  static Map<String, DeviceClass> classes(DeviceClass... classes) {
    return Arrays.stream(classes)
        .collect(java.util.stream.Collectors.toMap(c -> c.getMetadata().getName(), c -> c));
  }

  static ClusterState cluster(List<ResourceSlice> slices, Set<DeviceId> allocated) {
    return new ClusterState(classes(gpuClass()), slices, allocated);
  }

  static DeviceId id(String pool, String device) {
    return new DeviceId(DRIVER, pool, device);
  }

  static ResourceClaim claim(DeviceRequest... requests) {
    return claim(List.of(requests), List.of(), List.of());
  }

  static ResourceClaim claim(
      List<DeviceRequest> requests,
      List<DeviceConstraint> constraints,
      List<DeviceClaimConfiguration> config) {
    return new ResourceClaimBuilder()
        .withNewMetadata()
        .withName("claim")
        .withNamespace("default")
        .endMetadata()
        .withNewSpec()
        .withNewDevices()
        .withRequests(requests)
        .withConstraints(constraints)
        .withConfig(config)
        .endDevices()
        .endSpec()
        .build();
  }

  static DeviceRequest exactly(String name, long count, String... selectors) {
    return new DeviceRequestBuilder()
        .withName(name)
        .withNewExactly()
        .withDeviceClassName(GPU_CLASS)
        .withAllocationMode("ExactCount")
        .withCount(count)
        .withSelectors(selectors(selectors))
        .endExactly()
        .build();
  }

  static DeviceRequest all(String name) {
    return new DeviceRequestBuilder()
        .withName(name)
        .withNewExactly()
        .withDeviceClassName(GPU_CLASS)
        .withAllocationMode("All")
        .endExactly()
        .build();
  }

  static DeviceRequest admin(String name) {
    DeviceRequest request = exactly(name, 1);
    request.getExactly().setAdminAccess(true);
    return request;
  }

  static DeviceRequest firstAvailable(String name, DeviceSubRequest... subRequests) {
    return new DeviceRequestBuilder().withName(name).withFirstAvailable(subRequests).build();
  }

  static DeviceSubRequest sub(String name, long count, String... selectors) {
    return new DeviceSubRequestBuilder()
        .withName(name)
        .withDeviceClassName(GPU_CLASS)
        .withAllocationMode("ExactCount")
        .withCount(count)
        .withSelectors(selectors(selectors))
        .build();
  }

  static DeviceConstraint matchAttribute(String attribute, String... requests) {
    return new DeviceConstraintBuilder()
        .withMatchAttribute(attribute)
        .withRequests(requests)
        .build();
  }

  static DeviceClaimConfiguration claimConfig(Object parameters, String... requests) {
    return new DeviceClaimConfigurationBuilder()
        .withRequests(requests)
        .withNewOpaque()
        .withDriver(DRIVER)
        .withParameters(parameters)
        .endOpaque()
        .build();
  }

  static List<DeviceSelector> selectors(String... expressions) {
    return Arrays.stream(expressions)
        .map(e -> new DeviceSelectorBuilder().withNewCel().withExpression(e).endCel().build())
        .toList();
  }

  /** {@code request=driver/pool/device} per result, in order. */
  static List<String> results(AllocationOutcome outcome) {
    if (!(outcome instanceof Allocation allocation)) {
      return List.of("unsatisfiable: " + ((Unsatisfiable) outcome).message());
    }
    return allocation.result().getDevices().getResults().stream()
        .map(r -> r.getRequest() + "=" + r.getDriver() + "/" + r.getPool() + "/" + r.getDevice())
        .toList();
  }
}
