package dev.gpudra.allocator;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.NodeSelector;
import io.fabric8.kubernetes.api.model.NodeSelectorBuilder;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirementBuilder;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

@DisplayName("ResourceSlice node selectors follow core NodeSelector semantics")
class NodeSelectorMatcherTest {

  private static final CandidateNode NODE =
      new CandidateNode("node-a", Map.of("zone", "z1", "gpus", "8"));

  record Case(String name, NodeSelector selector, boolean matches) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> cases() {
    return Stream.of(
        new Case("In on a label", expression("zone", "In", "z1", "z2"), true),
        new Case("In without the value", expression("zone", "In", "z2"), false),
        new Case("NotIn on a missing label", expression("rack", "NotIn", "r1"), true),
        new Case("Exists", expression("zone", "Exists"), true),
        new Case("DoesNotExist on a present label", expression("zone", "DoesNotExist"), false),
        new Case("Gt compares integers", expression("gpus", "Gt", "4"), true),
        new Case("Lt compares integers", expression("gpus", "Lt", "4"), false),
        new Case("matchFields on metadata.name", field("node-a"), true),
        new Case("matchFields on another node", field("node-b"), false),
        new Case(
            "an empty term matches nothing",
            new NodeSelectorBuilder().addNewNodeSelectorTerm().endNodeSelectorTerm().build(),
            false),
        new Case(
            "terms are ORed",
            new NodeSelectorBuilder()
                .withNodeSelectorTerms(
                    expression("zone", "In", "z9").getNodeSelectorTerms().get(0),
                    field("node-a").getNodeSelectorTerms().get(0))
                .build(),
            true));
  }

  @ParameterizedTest(name = "{0}")
  @DisplayName("a node selector matches a node as kube-scheduler matches it")
  @MethodSource("cases")
  void matches(Case c) {
    assertThat(NodeSelectorMatcher.matches(c.selector(), NODE)).isEqualTo(c.matches());
  }

  private static NodeSelector expression(String key, String operator, String... values) {
    return new NodeSelectorBuilder()
        .addNewNodeSelectorTerm()
        .withMatchExpressions(
            new NodeSelectorRequirementBuilder()
                .withKey(key)
                .withOperator(operator)
                .withValues(values)
                .build())
        .endNodeSelectorTerm()
        .build();
  }

  private static NodeSelector field(String name) {
    return new NodeSelectorBuilder()
        .addNewNodeSelectorTerm()
        .withMatchFields(
            new NodeSelectorRequirementBuilder()
                .withKey("metadata.name")
                .withOperator("In")
                .withValues(name)
                .build())
        .endNodeSelectorTerm()
        .build();
  }
}
