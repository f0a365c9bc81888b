package dev.gpudra.allocator;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Taint;
import io.fabric8.kubernetes.api.model.TaintBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The node being considered: what a ResourceSlice's node selection looks at, and the taints that
 * keep pods off it.
 *
 * @param name {@code metadata.name}, matched by {@code spec.nodeName} and {@code matchFields}
 * @param labels {@code metadata.labels}, matched by {@code matchExpressions}
 * @param taints {@code spec.taints}, with {@value #UNSCHEDULABLE}{@code :NoSchedule} when the node
 *     is cordoned ({@code spec.unschedulable}); the allocator ignores them, explain reports them
 */
public record CandidateNode(String name, Map<String, String> labels, List<Taint> taints) {
  /** The taint a cordoned node carries, and that a pod must tolerate to be scheduled there. */
  public static final String UNSCHEDULABLE = "node.kubernetes.io/unschedulable";

  public CandidateNode {
    if (Objects.requireNonNull(name, "name").isBlank()) {
      throw new IllegalArgumentException("node name must not be blank");
    }
    labels = Map.copyOf(Objects.requireNonNull(labels, "labels"));
    taints = List.copyOf(Objects.requireNonNull(taints, "taints"));
  }

  /** A node without taints. */
  public CandidateNode(String name, Map<String, String> labels) {
    this(name, labels, List.of());
  }

  /** The node as the scheduler sees it: a cordoned node has the unschedulable taint. */
  public static CandidateNode of(Node node) {
    Map<String, String> labels = node.getMetadata().getLabels();
    List<Taint> taints = new ArrayList<>();
    if (node.getSpec() != null) {
      taints.addAll(Objects.requireNonNullElse(node.getSpec().getTaints(), List.of()));
      if (Boolean.TRUE.equals(node.getSpec().getUnschedulable())
          && taints.stream().noneMatch(t -> UNSCHEDULABLE.equals(t.getKey()))) {
        taints.add(new TaintBuilder().withKey(UNSCHEDULABLE).withEffect("NoSchedule").build());
      }
    }
    return new CandidateNode(
        node.getMetadata().getName(), labels == null ? Map.of() : labels, taints);
  }
}
