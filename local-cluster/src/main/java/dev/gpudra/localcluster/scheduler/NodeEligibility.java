package dev.gpudra.localcluster.scheduler;

import dev.gpudra.allocator.CandidateNode;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirement;
import io.fabric8.kubernetes.api.model.NodeSelectorTerm;
import io.fabric8.kubernetes.api.model.Pod;
import java.util.List;
import java.util.Map;

/**
 * The nodes a pod may go to, as kube-scheduler's NodeAffinity filter decides it: its {@code
 * nodeSelector} labels, and its required node affinity (terms ORed, requirements ANDed; label
 * expressions and the {@code metadata.name} field, which the DaemonSet controller pins its pods
 * with). Operators In, NotIn, Exists and DoesNotExist.
 */
final class NodeEligibility {
  private NodeEligibility() {}

  static List<CandidateNode> filter(Pod pod, List<CandidateNode> nodes) {
    return nodes.stream().filter(n -> eligible(pod, n)).toList();
  }

  static boolean eligible(Pod pod, CandidateNode node) {
    Map<String, String> selector = pod.getSpec().getNodeSelector();
    if (selector != null
        && !selector.entrySet().stream()
            .allMatch(e -> e.getValue().equals(node.labels().get(e.getKey())))) {
      return false;
    }
    var affinity = pod.getSpec().getAffinity();
    if (affinity == null
        || affinity.getNodeAffinity() == null
        || affinity.getNodeAffinity().getRequiredDuringSchedulingIgnoredDuringExecution() == null) {
      return true;
    }
    List<NodeSelectorTerm> terms =
        affinity
            .getNodeAffinity()
            .getRequiredDuringSchedulingIgnoredDuringExecution()
            .getNodeSelectorTerms();
    return terms == null || terms.isEmpty() || terms.stream().anyMatch(t -> matches(t, node));
  }

  private static boolean matches(NodeSelectorTerm term, CandidateNode node) {
    boolean labels =
        term.getMatchExpressions() == null
            || term.getMatchExpressions().stream()
                .allMatch(r -> holds(r, node.labels().get(r.getKey())));
    boolean fields =
        term.getMatchFields() == null
            || term.getMatchFields().stream()
                .allMatch(r -> holds(r, "metadata.name".equals(r.getKey()) ? node.name() : null));
    return labels && fields;
  }

  private static boolean holds(NodeSelectorRequirement r, String value) {
    List<String> values = r.getValues() == null ? List.of() : r.getValues();
    return switch (r.getOperator()) {
      case "In" -> value != null && values.contains(value);
      case "NotIn" -> value == null || !values.contains(value);
      case "Exists" -> value != null;
      case "DoesNotExist" -> value == null;
      default -> false; // Gt, Lt: not used by anything the stand-ins run
    };
  }
}
