package dev.gpudra.operator.migration;

import dev.gpudra.api.clusterpolicy.ClusterPolicySpec;
import dev.gpudra.api.clusterpolicy.DraNodes;
import dev.gpudra.api.clusterpolicy.MigrationSpec;
import dev.gpudra.operator.labels.NodeStack;
import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.LabelSelectorRequirement;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Which stack each GPU node should run: without {@code spec.draDriver}, the device plugin
 * everywhere (NVIDIA's policy); with it, DRA on the nodes {@code spec.migration.draNodes} names
 * (absent: all; {@code selected}: those {@code nodeSelector} matches), the device plugin elsewhere.
 */
public final class StackTargets {
  private static final String FIELD = "spec.migration.nodeSelector";

  private final boolean dra;
  private final DraNodes nodes;
  private final Optional<LabelSelector> selector;

  public StackTargets(ClusterPolicySpec spec) {
    this.dra = spec.draDriver() != null;
    Optional<MigrationSpec> migration = Optional.ofNullable(spec.migration());
    this.nodes = migration.map(MigrationSpec::draNodes).orElse(DraNodes.ALL);
    this.selector = migration.map(MigrationSpec::nodeSelector);
    if (dra && nodes == DraNodes.SELECTED && selector.isEmpty()) {
      throw new InvalidMigrationException(
          FIELD + " is required with spec.migration.draNodes: selected");
    }
  }

  /** The stack a node with these labels should run. */
  public NodeStack of(Map<String, String> labels) {
    if (!dra) {
      return NodeStack.DEVICE_PLUGIN;
    }
    return switch (nodes) {
      case ALL -> NodeStack.DRA;
      case NONE -> NodeStack.DEVICE_PLUGIN;
      case SELECTED ->
          matches(selector.orElseThrow(), labels) ? NodeStack.DRA : NodeStack.DEVICE_PLUGIN;
    };
  }

  private static boolean matches(LabelSelector selector, Map<String, String> labels) {
    Map<String, String> exact = Optional.ofNullable(selector.getMatchLabels()).orElse(Map.of());
    List<LabelSelectorRequirement> expressions =
        Optional.ofNullable(selector.getMatchExpressions()).orElse(List.of());
    return exact.entrySet().stream().allMatch(e -> e.getValue().equals(labels.get(e.getKey())))
        && expressions.stream().allMatch(r -> matches(r, labels));
  }

  private static boolean matches(LabelSelectorRequirement requirement, Map<String, String> labels) {
    String value = labels.get(requirement.getKey());
    List<String> values = Optional.ofNullable(requirement.getValues()).orElse(List.of());
    return switch (requirement.getOperator()) {
      case "In" -> value != null && values.contains(value);
      case "NotIn" -> value == null || !values.contains(value);
      case "Exists" -> value != null;
      case "DoesNotExist" -> value == null;
      default ->
          throw new InvalidMigrationException(
              FIELD
                  + ".matchExpressions: operator \""
                  + requirement.getOperator()
                  + "\" is not In, NotIn, Exists or DoesNotExist");
    };
  }
}
