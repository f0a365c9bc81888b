package dev.gpudra.benchmarks;

import dev.gpudra.allocator.CandidateNode;
import dev.gpudra.allocator.ClusterState;
import dev.gpudra.deviceclasses.model.DeviceClassFactory;
import dev.gpudra.deviceclasses.model.ExtendedResourceMapping;
import dev.gpudra.deviceclasses.model.NvidiaDeviceClass;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClass;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The explain workload: {@code nodes} nodes of a simulated profile, each with its own slice, the
 * {@code gpu.nvidia.com} class, and a claim for one GPU with a memory and a driver version
 * selector. Every device is checked against three selectors.
 */
record ExplainCluster(ClusterState state, List<CandidateNode> nodes, ResourceClaim claim) {

  static ExplainCluster of(String profile, int nodeCount) {
    SimulatedNodes simulated = new SimulatedNodes(profile);
    List<String> names = SimulatedNodes.nodeNames(nodeCount);
    List<ResourceSlice> slices = names.stream().map(simulated::slice).toList();
    DeviceClass gpu =
        new DeviceClassFactory().deviceClass(NvidiaDeviceClass.GPU, ExtendedResourceMapping.NONE);
    ClusterState state =
        new ClusterState(Map.of(NvidiaDeviceClass.GPU.className(), gpu), slices, Set.of());
    List<CandidateNode> nodes =
        names.stream().map(n -> new CandidateNode(n, Map.of("kubernetes.io/hostname", n))).toList();
    return new ExplainCluster(state, nodes, oneGpuClaim());
  }

  /**
   * The cluster as seen by {@code node} when slices are indexed by node: the same classes with only
   * that node's slice. Isolates the per-node work from reading every slice of the cluster.
   */
  ClusterState ownSliceOnly(CandidateNode node) {
    List<ResourceSlice> own =
        state.slices().stream().filter(s -> node.name().equals(s.getSpec().getNodeName())).toList();
    return new ClusterState(state.deviceClasses(), own, state.inUse(), state.taintRules());
  }

  private static ResourceClaim oneGpuClaim() {
    return new ResourceClaimBuilder()
        .withNewMetadata()
        .withName("one-gpu")
        .withNamespace("default")
        .endMetadata()
        .withNewSpec()
        .withNewDevices()
        .addNewRequest()
        .withName("gpu")
        .withNewExactly()
        .withDeviceClassName(NvidiaDeviceClass.GPU.className())
        .withAllocationMode("ExactCount")
        .withCount(1L)
        .addNewSelector()
        .withNewCel()
        .withExpression(Selectors.MEMORY_AT_LEAST_40GI)
        .endCel()
        .endSelector()
        .addNewSelector()
        .withNewCel()
        .withExpression(Selectors.DRIVER_AT_LEAST_550)
        .endCel()
        .endSelector()
        .endExactly()
        .endRequest()
        .endDevices()
        .endSpec()
        .build();
  }
}
