package dev.gpudra.localcluster.scheduler;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.allocator.CandidateNode;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class NodeEligibilityTest {
  private static final List<CandidateNode> NODES =
      List.of(
          new CandidateNode("a", Map.of("resource.nvidia.com/computeDomain", "cd-1")),
          new CandidateNode("b", Map.of("zone", "x")),
          new CandidateNode("c", Map.of()));

  private static List<String> eligible(Pod pod) {
    return NodeEligibility.filter(pod, NODES).stream().map(CandidateNode::name).toList();
  }

  @Test
  @DisplayName("a pod without selector or affinity may go anywhere")
  void anywhere() {
    assertThat(eligible(new PodBuilder().withNewSpec().endSpec().build()))
        .containsExactly("a", "b", "c");
  }

  @Test
  @DisplayName("nodeSelector labels must all match (a ComputeDomain's DaemonSet)")
  void nodeSelector() {
    Pod pod =
        new PodBuilder()
            .withNewSpec()
            .withNodeSelector(Map.of("resource.nvidia.com/computeDomain", "cd-1"))
            .endSpec()
            .build();

    assertThat(eligible(pod)).containsExactly("a");
  }

  @Test
  @DisplayName("required affinity: the DaemonSet controller's metadata.name field, label operators")
  void affinity() {
    Pod pinned =
        new PodBuilder()
            .withNewSpec()
            .withNewAffinity()
            .withNewNodeAffinity()
            .withNewRequiredDuringSchedulingIgnoredDuringExecution()
            .addNewNodeSelectorTerm()
            .addNewMatchField()
            .withKey("metadata.name")
            .withOperator("In")
            .withValues("b")
            .endMatchField()
            .endNodeSelectorTerm()
            .endRequiredDuringSchedulingIgnoredDuringExecution()
            .endNodeAffinity()
            .endAffinity()
            .endSpec()
            .build();
    Pod noZone =
        new PodBuilder()
            .withNewSpec()
            .withNewAffinity()
            .withNewNodeAffinity()
            .withNewRequiredDuringSchedulingIgnoredDuringExecution()
            .addNewNodeSelectorTerm()
            .addNewMatchExpression()
            .withKey("zone")
            .withOperator("DoesNotExist")
            .endMatchExpression()
            .endNodeSelectorTerm()
            .endRequiredDuringSchedulingIgnoredDuringExecution()
            .endNodeAffinity()
            .endAffinity()
            .endSpec()
            .build();

    assertThat(eligible(pinned)).containsExactly("b");
    assertThat(eligible(noZone)).containsExactly("a", "c");
  }
}
