package dev.gpudra.allocator.cluster;

import dev.gpudra.allocator.CandidateNode;
import dev.gpudra.allocator.ClusterState;
import dev.gpudra.allocator.TaintRule;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClass;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a scheduler sees of the cluster at one moment: DeviceClasses, ResourceSlices, every
 * ResourceClaim (for the devices they hold), the nodes, by name, and the DeviceTaintRules.
 *
 * @param classes by name
 * @param slices every ResourceSlice
 * @param claims every ResourceClaim, in any namespace
 * @param nodes every node, ordered by name
 * @param taintRules every DeviceTaintRule, from the newest version the server serves
 */
public record ClusterSnapshot(
    Map<String, DeviceClass> classes,
    List<ResourceSlice> slices,
    List<ResourceClaim> claims,
    List<CandidateNode> nodes,
    List<TaintRule> taintRules) {
  public ClusterSnapshot {
    classes = Map.copyOf(classes);
    slices = List.copyOf(slices);
    claims = List.copyOf(claims);
    nodes = List.copyOf(nodes);
    taintRules = List.copyOf(taintRules);
  }

  /** Without DeviceTaintRules. */
  public ClusterSnapshot(
      Map<String, DeviceClass> classes,
      List<ResourceSlice> slices,
      List<ResourceClaim> claims,
      List<CandidateNode> nodes) {
    this(classes, slices, claims, nodes, List.of());
  }

  /**
   * Lists everything through the client: four lists, then discovery for the DeviceTaintRule version
   * and its list.
   */
  public static ClusterSnapshot read(KubernetesClient client) {
    var dra = client.dynamicResourceAllocation().v1();
    Map<String, DeviceClass> classes = new LinkedHashMap<>();
    dra.deviceClasses().list().getItems().forEach(c -> classes.put(c.getMetadata().getName(), c));
    List<CandidateNode> nodes =
        client.nodes().list().getItems().stream()
            .sorted(Comparator.comparing(n -> n.getMetadata().getName()))
            .map(CandidateNode::of)
            .toList();
    return new ClusterSnapshot(
        classes,
        dra.resourcesSlices().list().getItems(),
        client.resources(ResourceClaim.class).inAnyNamespace().list().getItems(),
        nodes,
        TaintRuleSource.list(client));
  }

  /** Classes, slices, the devices the claims hold and the taint rules: the allocator's input. */
  public ClusterState state() {
    return new ClusterState(classes, slices, AllocatedDevices.of(claims), taintRules);
  }

  /** The claim as it was in this snapshot, if it existed then. */
  public java.util.Optional<ResourceClaim> claim(String namespace, String name) {
    return claims.stream()
        .filter(c ->
            namespace.equals(c.getMetadata().getNamespace())
                && name.equals(c.getMetadata().getName()))
        .findFirst();
  }
}
