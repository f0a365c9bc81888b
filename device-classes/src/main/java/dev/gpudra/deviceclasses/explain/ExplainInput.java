package dev.gpudra.deviceclasses.explain;

import dev.gpudra.deviceclasses.allocation.CandidateNode;
import dev.gpudra.deviceclasses.allocation.ClusterState;
import io.fabric8.kubernetes.api.model.HasMetadata;
import java.util.List;
import java.util.Objects;

/**
 * What to explain, and against what.
 *
 * @param objects the user's objects: ResourceClaims, ResourceClaimTemplates and Pods (claims and
 *     templates a Pod refers to are looked up among them)
 * @param cluster DeviceClasses, ResourceSlices and devices already allocated
 * @param nodes the nodes to consider, in order
 */
public record ExplainInput(
    List<HasMetadata> objects, ClusterState cluster, List<CandidateNode> nodes) {
  public ExplainInput {
    objects = List.copyOf(objects);
    Objects.requireNonNull(cluster, "cluster");
    nodes = List.copyOf(nodes);
  }
}
