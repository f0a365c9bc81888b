package dev.gpudra.operator.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.operator.labels.LabelChanges;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class NodePatchTest {
  @Test
  @DisplayName("a node patch holds only the operator's keys, with null for what goes")
  void onlyTheOperatorsKeysWithNullForWhatGoes() {
    String patch =
        NodePatch.of(
            new LabelChanges(
                Map.of("nvidia.com/gpu.deploy.dra-driver", "true"),
                Set.of("nvidia.com/gpu.deploy.device-plugin")),
            Optional.of(false),
            Optional.of(false));

    assertThat(patch)
        .isEqualTo(
            "{\"metadata\":{\"labels\":{\"nvidia.com/gpu.deploy.dra-driver\":\"true\","
                + "\"nvidia.com/gpu.deploy.device-plugin\":null},\"annotations\":"
                + "{\"gpu-dra.dev/cordoned-for-migration\":null}},\"spec\":{\"unschedulable\":null}}");
  }

  @Test
  @DisplayName("a cordon alone touches no label")
  void aCordonAloneTouchesNoLabel() {
    assertThat(
            NodePatch.of(
                new LabelChanges(Map.of(), Set.of()), Optional.of(true), Optional.of(true)))
        .isEqualTo(
            "{\"metadata\":{\"annotations\":{\"gpu-dra.dev/cordoned-for-migration\":\"true\"}},"
                + "\"spec\":{\"unschedulable\":true}}");
  }
}
