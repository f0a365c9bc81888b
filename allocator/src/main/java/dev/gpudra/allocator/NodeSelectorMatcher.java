package dev.gpudra.allocator;

import io.fabric8.kubernetes.api.model.NodeSelector;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirement;
import io.fabric8.kubernetes.api.model.NodeSelectorTerm;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Core {@code NodeSelector} semantics: terms are ORed, requirements in a term ANDed, a term without
 * requirements matches nothing. {@code matchFields} knows only {@code metadata.name}.
 */
final class NodeSelectorMatcher {

  private NodeSelectorMatcher() {}

  static boolean matches(NodeSelector selector, CandidateNode node) {
    return orEmpty(selector.getNodeSelectorTerms()).stream().anyMatch(t -> termMatches(t, node));
  }

  private static boolean termMatches(NodeSelectorTerm term, CandidateNode node) {
    List<NodeSelectorRequirement> expressions = orEmpty(term.getMatchExpressions());
    List<NodeSelectorRequirement> fields = orEmpty(term.getMatchFields());
    if (expressions.isEmpty() && fields.isEmpty()) {
      return false;
    }
    Function<String, Optional<String>> label = key -> Optional.ofNullable(node.labels().get(key));
    Function<String, Optional<String>> field =
        key -> "metadata.name".equals(key) ? Optional.of(node.name()) : Optional.empty();
    return expressions.stream().allMatch(r -> requirementMatches(r, label))
        && fields.stream().allMatch(r -> requirementMatches(r, field));
  }

  private static boolean requirementMatches(
      NodeSelectorRequirement requirement, Function<String, Optional<String>> lookup) {
    Optional<String> value = lookup.apply(requirement.getKey());
    List<String> values = orEmpty(requirement.getValues());
    return switch (String.valueOf(requirement.getOperator())) {
      case "In" -> value.filter(values::contains).isPresent();
      case "NotIn" -> value.filter(values::contains).isEmpty();
      case "Exists" -> value.isPresent();
      case "DoesNotExist" -> value.isEmpty();
      case "Gt" -> compare(value, values) > 0;
      case "Lt" -> compare(value, values) < 0;
      default -> false;
    };
  }

  /** Compares the value with the single bound as integers; 0 (no match) when either is not one. */
  private static int compare(Optional<String> value, List<String> values) {
    if (value.isEmpty() || values.size() != 1) {
      return 0;
    }
    try {
      return Long.compare(Long.parseLong(value.get()), Long.parseLong(values.get(0)));
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  private static <T> List<T> orEmpty(List<T> list) {
    return list == null ? List.of() : list;
  }
}
