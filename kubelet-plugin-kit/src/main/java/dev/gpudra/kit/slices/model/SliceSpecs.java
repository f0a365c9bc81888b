package dev.gpudra.kit.slices.model;

import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.CounterSet;
import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.ResourcePool;
import io.fabric8.kubernetes.api.model.resource.v1.ResourcePoolBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSliceBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSliceSpec;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSliceSpecBuilder;
import java.util.List;
import java.util.Objects;

/** Builds ResourceSlice objects for one target; pure. */
public final class SliceSpecs {
  private final SliceTarget target;
  private final String nodeUid;

  /**
   * @param nodeUid the Node's UID, for the controller owner reference
   */
  public SliceSpecs(SliceTarget target, String nodeUid) {
    this.target = Objects.requireNonNull(target, "target");
    this.nodeUid = Objects.requireNonNull(nodeUid, "nodeUid");
  }

  /** The spec a slice with these devices should have. */
  public ResourceSliceSpec spec(List<Device> devices, long generation, int sliceCount) {
    return spec(SliceContent.of(devices), generation, sliceCount);
  }

  /** The spec a slice with this content should have. */
  public ResourceSliceSpec spec(SliceContent content, long generation, int sliceCount) {
    ResourcePool pool =
        new ResourcePoolBuilder()
            .withName(target.poolName())
            .withGeneration(generation)
            .withResourceSliceCount((long) sliceCount)
            .build();
    return new ResourceSliceSpecBuilder()
        .withDriver(target.driver())
        .withNodeName(target.nodeName())
        .withPool(pool)
        // a counters-only slice has no devices field (1.35: devices and counters exclude each
        // other); an empty pool still has its one empty slice
        .withDevices(
            content.devices().isEmpty() && !content.sharedCounters().isEmpty()
                ? null
                : content.devices())
        .withSharedCounters(content.sharedCounters().isEmpty() ? null : content.sharedCounters())
        .build();
  }

  /**
   * A new slice to create, named by the API server from {@code generateName}.
   *
   * @param index the slice's place in its pool, which its name starts with
   */
  public ResourceSlice newSlice(ResourceSliceSpec spec, int index) {
    int count = Math.toIntExact(spec.getPool().getResourceSliceCount());
    return new ResourceSliceBuilder()
        .withNewMetadata()
        .withGenerateName(target.generateName(index, count))
        .withOwnerReferences(owner())
        .endMetadata()
        .withSpec(spec)
        .build();
  }

  /** An existing slice (metadata kept) with a new spec. */
  public ResourceSlice withSpec(ResourceSlice existing, ResourceSliceSpec spec) {
    return new ResourceSliceBuilder(existing).withSpec(spec).build();
  }

  /** True if the existing slice's spec is what {@code desired} says, devices in order. */
  public static boolean sameContent(ResourceSlice existing, ResourceSliceSpec desired) {
    ResourceSliceSpec spec = existing.getSpec();
    return spec != null
        && Objects.equals(spec.getDriver(), desired.getDriver())
        && Objects.equals(spec.getNodeName(), desired.getNodeName())
        && Objects.equals(spec.getPool(), desired.getPool())
        && devices(spec).equals(devices(desired))
        && counters(spec).equals(counters(desired));
  }

  static List<CounterSet> counters(ResourceSliceSpec spec) {
    return spec.getSharedCounters() == null ? List.of() : spec.getSharedCounters();
  }

  static List<Device> devices(ResourceSliceSpec spec) {
    return spec.getDevices() == null ? List.of() : spec.getDevices();
  }

  private OwnerReference owner() {
    return new OwnerReferenceBuilder()
        .withApiVersion("v1")
        .withKind("Node")
        .withName(target.nodeName())
        .withUid(nodeUid)
        .withController(true)
        .build();
  }
}
