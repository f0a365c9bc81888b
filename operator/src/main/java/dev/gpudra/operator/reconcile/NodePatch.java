package dev.gpudra.operator.reconcile;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gpudra.operator.labels.LabelChanges;
import java.util.Optional;

/**
 * One node's writes as a JSON merge patch (RFC 7386) of only the keys the operator owns: labels set
 * or removed ({@code null}), its cordon ({@code spec.unschedulable}) and the mark of a cordon its
 * move made. Sent without a resourceVersion, it needs no read first and cannot conflict with other
 * writers of the node's other keys.
 */
final class NodePatch {
  private static final ObjectMapper JSON = new ObjectMapper();

  private NodePatch() {}

  /**
   * @param cordon the new {@code spec.unschedulable}, if it changes
   * @param cordonedByMove the new mark, if it changes
   */
  static String of(
      LabelChanges labels, Optional<Boolean> cordon, Optional<Boolean> cordonedByMove) {
    ObjectNode patch = JSON.createObjectNode();
    ObjectNode metadata = patch.putObject("metadata");
    if (!labels.isEmpty()) {
      ObjectNode l = metadata.putObject("labels");
      labels.set().forEach(l::put);
      labels.remove().forEach(l::putNull);
    }
    cordonedByMove.ifPresent(mark -> {
      ObjectNode a = metadata.putObject("annotations");
      if (mark) {
        a.put(NodeMover.CORDONED, "true");
      } else {
        a.putNull(NodeMover.CORDONED);
      }
    });
    cordon.ifPresent(unschedulable -> {
      ObjectNode spec = patch.putObject("spec");
      if (unschedulable) {
        spec.put("unschedulable", true);
      } else {
        spec.putNull("unschedulable");
      }
    });
    return patch.toString();
  }
}
