package dev.gpudra.operator.render;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class NodeOsTest {
  private static Node node(Map<String, String> labels) {
    return new NodeBuilder()
        .withNewMetadata()
        .withName("n")
        .withLabels(labels)
        .endMetadata()
        .build();
  }

  private static Node os(String id, String version) {
    return node(Map.of(NodeOs.ID, id, NodeOs.VERSION_ID, version));
  }

  @Test
  @DisplayName("NFD's OS ID and version, major only for RHEL, Rocky and Oracle")
  void nfdsOsIdAndVersionWithTheMajorOnlyForRhelRockyAndOracle() {
    assertThat(NodeOs.of(List.of(os("ubuntu", "24.04"), os("ubuntu", "24.04"))))
        .containsExactly("ubuntu24.04");
    assertThat(NodeOs.of(List.of(os("rhel", "9.4"), os("rocky", "8.10"), os("ol", "9.2"))))
        .containsExactly("ol9", "rhel9", "rocky8");
    assertThat(NodeOs.of(List.of(os("sles", "15.6")))).containsExactly("sles15.6");
  }

  @Test
  @DisplayName("a node without both OS labels names no OS")
  void aNodeWithoutBothLabelsSaysNothing() {
    assertThat(NodeOs.of(List.of(node(Map.of(NodeOs.ID, "ubuntu")), node(Map.of())))).isEmpty();
  }
}
