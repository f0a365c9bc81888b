package dev.gpudra.localcluster.eviction;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The rule condition's words, as kube-controller-manager 1.37 writes them. */
class RuleConditionTest {
  private static RuleView rule(String effect) {
    return RuleView.read(
        new KubernetesSerialization()
            .unmarshal(
                """
                apiVersion: resource.k8s.io/v1
                kind: DeviceTaintRule
                metadata: {name: r, uid: u-1, generation: 3}
                spec:
                  deviceSelector: {driver: gpu.nvidia.com}
                  taint: {key: k, effect: %s}
                """
                    .formatted(effect),
                GenericKubernetesResource.class));
  }

  @Test
  @DisplayName("NoExecute with pods waiting: True, PodsPendingEviction, counted in plural")
  void pending() {
    Condition c = RuleCondition.of(rule("NoExecute"), new RuleCounts(2, 2, 1, 0, 0));

    assertThat(c.getStatus()).isEqualTo("True");
    assertThat(c.getReason()).isEqualTo("PodsPendingEviction");
    assertThat(c.getMessage())
        .isEqualTo(
            "2 pods need to be evicted in 2 different namespaces. 1 pod evicted since starting"
                + " the controller.");
    assertThat(c.getObservedGeneration()).isEqualTo(3L);
  }

  @Test
  @DisplayName("NoExecute with nothing to do: NotStarted, no message")
  void notStarted() {
    Condition c = RuleCondition.of(rule("NoExecute"), new RuleCounts(0, 0, 0, 0, 0));

    assertThat(c.getStatus()).isEqualTo("False");
    assertThat(c.getReason()).isEqualTo("NotStarted");
    assertThat(c.getMessage()).isEmpty();
  }

  @Test
  @DisplayName("None counts in plural where not one")
  void none() {
    assertThat(RuleCondition.of(rule("None"), new RuleCounts(0, 0, 0, 8, 2)).getMessage())
        .startsWith(
            "8 published devices selected. 2 allocated devices selected. 0 pods would be evicted in"
                + " 0 different namespaces if the effect was NoExecute.");
  }

  @Test
  @DisplayName("two conditions that differ only in their time are the same")
  void same() {
    Condition a = RuleCondition.of(rule("NoSchedule"), new RuleCounts(0, 0, 0, 0, 0));
    Condition b =
        new io.fabric8.kubernetes.api.model.ConditionBuilder(a)
            .withLastTransitionTime("2026-12-07T00:00:00Z")
            .build();

    assertThat(RuleCondition.same(a, b)).isTrue();
  }
}
