package dev.gpudra.operator.status;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.api.clusterpolicy.ClusterPolicyStatus;
import dev.gpudra.api.clusterpolicy.State;
import io.fabric8.kubernetes.api.model.Condition;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class PolicyStatusRulesTest {
  private static final Instant T0 = Instant.parse("2026-11-25T00:00:00Z");
  private static final Instant T1 = Instant.parse("2026-11-25T00:05:00Z");

  private static ClusterPolicyStatus status(
      ReconcileOutcome outcome, Optional<ClusterPolicyStatus> before, Instant now) {
    return PolicyStatusRules.of(outcome, "gpu-operator", before, now);
  }

  private static Condition condition(ClusterPolicyStatus status, String type) {
    return status.conditions().stream()
        .filter(c -> c.getType().equals(type))
        .findFirst()
        .orElseThrow();
  }

  @Test
  @DisplayName("states not ready make the policy notReady, with NVIDIA's reason and message")
  void statesNotReadyMakeItNotReadyWithNvidiasReasonAndMessage() {
    ClusterPolicyStatus status =
        status(
            new ReconcileOutcome(2, true, List.of("state-dra-driver"), "", List.of()),
            Optional.empty(),
            T0);

    assertThat(status.state()).isEqualTo(State.NOT_READY);
    assertThat(status.namespace()).isEqualTo("gpu-operator");
    assertThat(condition(status, "Ready").getStatus()).isEqualTo("False");
    assertThat(condition(status, "Error").getReason()).isEqualTo("OperandNotReady");
    assertThat(condition(status, "Error").getMessage())
        .isEqualTo("ClusterPolicy is not ready, states not ready: [state-dra-driver]");
  }

  @Test
  @DisplayName("ready, with the reason of what the cluster has")
  void readyWithTheReasonOfWhatTheClusterHas() {
    assertThat(
            condition(
                    status(
                        new ReconcileOutcome(0, false, List.of(), "", List.of()),
                        Optional.empty(),
                        T0),
                    "Ready")
                .getReason())
        .isEqualTo("NFDLabelsMissing");
    assertThat(
            condition(
                    status(
                        new ReconcileOutcome(0, true, List.of(), "", List.of()),
                        Optional.empty(),
                        T0),
                    "Ready")
                .getReason())
        .isEqualTo("NoGPUNodes");
    ClusterPolicyStatus reconciled =
        status(new ReconcileOutcome(3, true, List.of(), "", List.of()), Optional.empty(), T0);
    assertThat(reconciled.state()).isEqualTo(State.READY);
    assertThat(condition(reconciled, "Ready").getReason()).isEqualTo("Reconciled");
    assertThat(condition(reconciled, "Error").getStatus()).isEqualTo("False");
  }

  @Test
  @DisplayName("a failure is ReconcileFailed, with its message")
  void aFailureIsReconcileFailedWithItsMessage() {
    ClusterPolicyStatus failed =
        status(
            new ReconcileOutcome(
                1, true, List.of(), "spec.migration.nodeSelector is required", List.of()),
            Optional.empty(),
            T0);

    assertThat(condition(failed, "Error").getReason()).isEqualTo("ReconcileFailed");
    assertThat(condition(failed, "Error").getMessage()).contains("spec.migration.nodeSelector");
  }

  @Test
  @DisplayName("an unchanged cluster gives an identical status, and a transition moves the time")
  void anUnchangedClusterGivesAnIdenticalStatusAndATransitionMovesTheTime() {
    ReconcileOutcome ready = new ReconcileOutcome(3, true, List.of(), "", List.of());
    ClusterPolicyStatus first = status(ready, Optional.empty(), T0);

    ClusterPolicyStatus again = status(ready, Optional.of(first), T1);
    ClusterPolicyStatus broken =
        status(
            new ReconcileOutcome(3, true, List.of("state-device-plugin"), "", List.of()),
            Optional.of(first),
            T1);

    assertThat(again).isEqualTo(first);
    assertThat(condition(broken, "Ready").getLastTransitionTime()).isEqualTo(T1.toString());
  }
}
