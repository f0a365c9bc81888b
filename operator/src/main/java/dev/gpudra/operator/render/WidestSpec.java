package dev.gpudra.operator.render;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gpudra.api.clusterpolicy.ClusterPolicySpec;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What a state could have applied whatever the policy says now, so that what it no longer renders
 * is deleted: the optional objects of NVIDIA's states switched on (the DCGM exporter's pod-reading
 * role) and an image for every NVIDIA operand (only the objects' names matter for deleting, and a
 * policy that no longer names an image still owns what it applied). The exporter's ServiceMonitor
 * is not among them: its CRD need not exist, and a ServiceMonitor the policy stopped asking for
 * stays until the policy goes.
 */
final class WidestSpec {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String PLACEHOLDER = "gpu-dra.invalid/widest:";

  private WidestSpec() {}

  static ClusterPolicySpec of(ClusterPolicySpec spec) {
    ObjectNode tree = JSON.valueToTree(spec);
    ObjectNode exporter =
        tree.get("dcgmExporter") instanceof ObjectNode node ? node : tree.putObject("dcgmExporter");
    exporter.put("enablePodLabels", true);
    try {
      return JSON.treeToValue(tree, ClusterPolicySpec.class);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException("a ClusterPolicy spec does not read back its own JSON", e);
    }
  }

  /** {@code imageEnv} with a placeholder for every variable it lacks. */
  static Map<String, String> images(Map<String, String> imageEnv, List<String> variables) {
    Map<String, String> all = new HashMap<>(imageEnv);
    for (String variable : variables) {
      all.putIfAbsent(variable, PLACEHOLDER + variable.toLowerCase(java.util.Locale.ROOT));
    }
    return all;
  }
}
