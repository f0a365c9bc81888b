package dev.gpudra.allocator.cluster;

import dev.gpudra.allocator.CandidateNode;
import dev.gpudra.allocator.ClusterState;
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
 * ResourceClaim (for the devices they hold) and the nodes, by name.
 *
 * @param classes by name
 * @param slices every ResourceSlice
 * @param claims every ResourceClaim, in any namespace
 * @param nodes every node, ordered by name
 */
public record ClusterSnapshot(
    Map<String, DeviceClass> classes,
    List<ResourceSlice> slices,
    List<ResourceClaim> claims,
    List<CandidateNode> nodes) {
  public ClusterSnapshot {
    classes = Map.copyOf(classes);
    slices = List.copyOf(slices);
    claims = List.copyOf(claims);
    nodes = List.copyOf(nodes);
  }

  /** Lists everything through the client, in five calls. */
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
        nodes);
  }

  /** Classes, slices and the devices the claims hold: the allocator's input. */
  public ClusterState state() {
    return new ClusterState(classes, slices, AllocatedDevices.of(claims));
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
