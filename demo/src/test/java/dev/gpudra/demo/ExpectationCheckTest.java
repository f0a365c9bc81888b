package dev.gpudra.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class ExpectationCheckTest {
  private static final Expectation ON_NODE_1 =
      Expectation.parse(
          """
          pods:
          - name: p
            phase: Running
            node: gpu-node-1
          """);

  private static PodReport running(String node, List<String> feasible, List<String> disagree) {
    return new PodReport(
        "p",
        "Running",
        Optional.of(node),
        Map.of(),
        List.of(),
        Map.of(),
        Map.of(),
        Optional.empty(),
        Optional.empty(),
        Optional.empty(),
        disagree,
        feasible);
  }

  private static List<String> problems(PodReport pod) {
    return ExpectationCheck.problems(ON_NODE_1, Map.of("p", pod), List.of());
  }

  @Test
  @DisplayName("the expected node, or another node that fits it as well (a scheduler's tie)")
  void nodeAmongEquals() {
    assertThat(problems(running("gpu-node-1", List.of("gpu-node-1"), List.of()))).isEmpty();
    assertThat(problems(running("gpu-node-2", List.of("gpu-node-1", "gpu-node-2"), List.of())))
        .isEmpty();
  }

  @Test
  @DisplayName("a node that the expected one is not a tie with is a problem")
  void otherNode() {
    assertThat(problems(running("gpu-node-2", List.of("gpu-node-2"), List.of())))
        .containsExactly("p: on node gpu-node-2, expected gpu-node-1");
  }

  @Test
  @DisplayName("a scheduler decision our allocator did not predict is a problem")
  void disagreement() {
    assertThat(problems(running("gpu-node-1", List.of("gpu-node-1"), List.of("claim c: x"))))
        .containsExactly("p: scheduler vs our allocator: claim c: x");
  }
}
