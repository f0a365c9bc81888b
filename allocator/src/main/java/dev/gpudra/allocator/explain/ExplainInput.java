package dev.gpudra.allocator.explain;

import dev.gpudra.allocator.CandidateNode;
import dev.gpudra.allocator.ClusterState;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Namespace;
import java.util.List;
import java.util.Objects;

/**
 * What to explain, and against what.
 *
 * @param objects the user's objects: ResourceClaims, ResourceClaimTemplates (v1, v1beta2 or
 *     v1beta1), Pods and workloads (claims and templates a pod refers to are looked up among them,
 *     in the pod's namespace)
 * @param cluster DeviceClasses, ResourceSlices, devices already allocated and DeviceTaintRules
 * @param nodes the nodes to consider, in order
 * @param namespaces the namespaces known, for their admin-access label
 */
public record ExplainInput(
    List<HasMetadata> objects,
    ClusterState cluster,
    List<CandidateNode> nodes,
    List<Namespace> namespaces) {
  public ExplainInput {
    objects = List.copyOf(objects);
    Objects.requireNonNull(cluster, "cluster");
    nodes = List.copyOf(nodes);
    namespaces = List.copyOf(namespaces);
  }

  /** Without namespaces: an admin-access request is refused everywhere. */
  public ExplainInput(List<HasMetadata> objects, ClusterState cluster, List<CandidateNode> nodes) {
    this(objects, cluster, nodes, List.of());
  }
}
