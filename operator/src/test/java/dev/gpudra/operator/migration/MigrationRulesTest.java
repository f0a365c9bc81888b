package dev.gpudra.operator.migration;

import static dev.gpudra.operator.labels.NodeStack.DEVICE_PLUGIN;
import static dev.gpudra.operator.labels.NodeStack.DRA;
import static dev.gpudra.operator.labels.NodeStack.NONE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.api.clusterpolicy.DrainSpec;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class MigrationRulesTest {
  private static final GpuPod TRAINING = new GpuPod("ml", "training", DEVICE_PLUGIN, Map.of());
  private static final GpuPod PINNED =
      new GpuPod("ml", "pinned", DEVICE_PLUGIN, Map.of(DrainPolicy.SKIP, "true"));
  private static final GpuPod CLAIMED = new GpuPod("ml", "claimed", DRA, Map.of());

  private final MigrationRules waits = new MigrationRules(DrainPolicy.of(null));
  private final MigrationRules drains =
      new MigrationRules(DrainPolicy.of(new DrainSpec(true, false, null, 300, false)));

  @Test
  @DisplayName("a node moves to DRA step by step, never running both stacks")
  void aNodeMovesToDraStepByStepNeverRunningBothStacks() {
    // the situations a node shows on its way, and the plan for each
    MigrationPlan cordon =
        waits.next(
            new NodeSituation(
                DRA,
                DEVICE_PLUGIN,
                false,
                false,
                List.of(),
                List.of(DEVICE_PLUGIN),
                List.of(DEVICE_PLUGIN),
                List.of()));
    MigrationPlan stop =
        waits.next(
            new NodeSituation(
                DRA,
                DEVICE_PLUGIN,
                true,
                true,
                List.of(),
                List.of(DEVICE_PLUGIN),
                List.of(DEVICE_PLUGIN),
                List.of()));
    MigrationPlan stopping =
        waits.next(
            new NodeSituation(
                DRA, NONE, true, true, List.of(), List.of(DEVICE_PLUGIN), List.of(), List.of()));
    MigrationPlan start =
        waits.next(
            new NodeSituation(DRA, NONE, true, true, List.of(), List.of(), List.of(), List.of()));
    MigrationPlan starting =
        waits.next(
            new NodeSituation(DRA, DRA, true, true, List.of(), List.of(DRA), List.of(), List.of()));
    MigrationPlan uncordon =
        waits.next(
            new NodeSituation(
                DRA, DRA, true, true, List.of(), List.of(DRA), List.of(DRA), List.of()));
    MigrationPlan steady =
        waits.next(
            new NodeSituation(
                DRA, DRA, false, false, List.of(), List.of(DRA), List.of(DRA), List.of()));

    assertThat(List.of(cordon, stop, stopping, start, starting, uncordon, steady))
        .extracting(MigrationPlan::step, MigrationPlan::stack, MigrationPlan::unschedulable)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(MigrationStep.CORDON, DEVICE_PLUGIN, true),
            org.assertj.core.groups.Tuple.tuple(MigrationStep.STOP_OLD_STACK, NONE, true),
            org.assertj.core.groups.Tuple.tuple(MigrationStep.STOP_OLD_STACK, NONE, true),
            org.assertj.core.groups.Tuple.tuple(MigrationStep.START_NEW_STACK, DRA, true),
            org.assertj.core.groups.Tuple.tuple(MigrationStep.START_NEW_STACK, DRA, true),
            org.assertj.core.groups.Tuple.tuple(MigrationStep.UNCORDON, DRA, false),
            org.assertj.core.groups.Tuple.tuple(MigrationStep.STEADY, DRA, false));
    assertThat(steady.message()).isEmpty();
  }

  @Test
  @DisplayName(
      "a pod holding nvidia.com/gpu delays the move until it ends, unless the drain evicts it")
  void aPodHoldingNvidiaGpuDelaysTheMoveUntilItEndsUnlessTheDrainEvictsIt() {
    NodeSituation busy =
        new NodeSituation(
            DRA,
            DEVICE_PLUGIN,
            true,
            true,
            List.of(TRAINING, PINNED),
            List.of(DEVICE_PLUGIN),
            List.of(),
            List.of());

    MigrationPlan waiting = waits.next(busy);
    MigrationPlan draining = drains.next(busy);

    assertThat(waiting.step()).isEqualTo(MigrationStep.WAIT_FOR_GPU_PODS);
    assertThat(waiting.stack())
        .as("the device plugin stays while pods hold its GPUs")
        .isEqualTo(DEVICE_PLUGIN);
    assertThat(waiting.evict()).isEmpty();
    assertThat(waiting.message())
        .isEqualTo(
            "waiting for 2 pod(s) holding GPUs through device plugin: [ml/training, ml/pinned]");
    assertThat(draining.evict()).containsExactly(TRAINING);
    assertThat(draining.message()).startsWith("draining 2 pod(s)");
  }

  @Test
  @DisplayName("back to the device plugin, the DRA plugin outlives every claim holder")
  void backToTheDevicePluginTheDraPluginOutlivesEveryClaimHolder() {
    MigrationPlan plan =
        waits.next(
            new NodeSituation(
                DEVICE_PLUGIN,
                DRA,
                true,
                true,
                List.of(CLAIMED),
                List.of(DRA),
                List.of(DRA),
                List.of()));

    assertThat(plan.step()).isEqualTo(MigrationStep.WAIT_FOR_GPU_PODS);
    assertThat(plan.stack()).isEqualTo(DRA);
    assertThat(plan.message()).contains("through DRA driver: [ml/claimed]");
  }

  @Test
  @DisplayName("a target that flips mid-move turns the node around from where it is")
  void aTargetThatFlipsMidMoveTurnsTheNodeAroundFromWhereItIs() {
    // on its way to DRA, the old stack is off; now the node should run the device plugin again
    MigrationPlan back =
        waits.next(
            new NodeSituation(
                DEVICE_PLUGIN, NONE, true, true, List.of(), List.of(), List.of(), List.of()));
    MigrationPlan arrived =
        waits.next(
            new NodeSituation(
                DEVICE_PLUGIN,
                DEVICE_PLUGIN,
                true,
                true,
                List.of(),
                List.of(DEVICE_PLUGIN),
                List.of(DEVICE_PLUGIN),
                List.of()));

    assertThat(back.step()).isEqualTo(MigrationStep.START_NEW_STACK);
    assertThat(back.stack()).isEqualTo(DEVICE_PLUGIN);
    assertThat(arrived.step()).isEqualTo(MigrationStep.UNCORDON);
  }

  @Test
  @DisplayName("a new GPU node gets its stack without a cordon")
  void aNewGpuNodeGetsItsStackWithoutACordon() {
    MigrationPlan fresh =
        waits.next(
            new NodeSituation(DRA, NONE, false, false, List.of(), List.of(), List.of(), List.of()));
    MigrationPlan next =
        waits.next(
            new NodeSituation(
                DRA, DRA, false, false, List.of(), List.of(DRA), List.of(), List.of()));

    assertThat(fresh.step())
        .as("not a move: one write, no step label")
        .isEqualTo(MigrationStep.STEADY);
    assertThat(fresh.stack()).isEqualTo(DRA);
    assertThat(fresh.unschedulable()).isFalse();
    assertThat(next.step()).isEqualTo(MigrationStep.STEADY);
  }

  @Test
  @DisplayName("a node an admin cordoned stays cordoned")
  void aNodeAnAdminCordonedStaysCordoned() {
    MigrationPlan moving =
        waits.next(
            new NodeSituation(
                DRA,
                DEVICE_PLUGIN,
                true,
                false,
                List.of(),
                List.of(DEVICE_PLUGIN),
                List.of(),
                List.of()));
    MigrationPlan arrived =
        waits.next(
            new NodeSituation(
                DRA, DRA, true, false, List.of(), List.of(DRA), List.of(DRA), List.of()));

    assertThat(moving.step()).isEqualTo(MigrationStep.STOP_OLD_STACK);
    assertThat(moving.cordonedByMove()).isFalse();
    assertThat(arrived.step()).isEqualTo(MigrationStep.STEADY);
    assertThat(arrived.unschedulable()).isTrue();
  }

  @Test
  @DisplayName(
      "leaving the DRA driver, its validator goes first and the driver outlives its claims")
  void leavingTheDraDriverItsValidatorGoesFirstAndTheDriverOutlivesItsClaim() {
    List<String> validator = List.of("gpu-operator/nvidia-dra-validator-x1");
    MigrationPlan cordon =
        waits.next(
            new NodeSituation(
                DEVICE_PLUGIN,
                DRA,
                false,
                false,
                List.of(),
                List.of(DRA),
                List.of(DRA),
                validator));
    MigrationPlan consumers =
        waits.next(
            new NodeSituation(
                DEVICE_PLUGIN, DRA, true, true, List.of(), List.of(DRA), List.of(DRA), validator));
    MigrationPlan stop =
        waits.next(
            new NodeSituation(
                DEVICE_PLUGIN, DRA, true, true, List.of(), List.of(DRA), List.of(DRA), List.of()));

    assertThat(List.of(cordon, consumers, stop))
        .extracting(MigrationPlan::step, MigrationPlan::stack, MigrationPlan::claimConsumers)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(MigrationStep.CORDON, DRA, false),
            org.assertj.core.groups.Tuple.tuple(MigrationStep.STOP_CLAIM_CONSUMERS, DRA, false),
            org.assertj.core.groups.Tuple.tuple(MigrationStep.STOP_OLD_STACK, NONE, false));
    assertThat(consumers.message()).contains("[gpu-operator/nvidia-dra-validator-x1]");
    assertThat(
            waits
                .next(
                    new NodeSituation(
                        DRA, DRA, false, false, List.of(), List.of(DRA), List.of(DRA), List.of()))
                .claimConsumers())
        .as("a node that stays on the DRA driver keeps its validator")
        .isTrue();
  }

  @Test
  @DisplayName(
      "a deleted policy takes its nodes off the DRA driver after their claims, and uncordons them")
  void aDeletedPolicyTakesItsNodesOffTheDraDriverAfterTheirClaimsAndUncordonsThem() {
    // the policy's deletion targets NONE: the same steps as a move, ending with no stack
    MigrationPlan cordon =
        waits.next(
            new NodeSituation(
                NONE, DRA, false, false, List.of(CLAIMED), List.of(DRA), List.of(DRA), List.of()));
    MigrationPlan waiting =
        waits.next(
            new NodeSituation(
                NONE, DRA, true, true, List.of(CLAIMED), List.of(DRA), List.of(DRA), List.of()));
    MigrationPlan draining =
        drains.next(
            new NodeSituation(
                NONE, DRA, true, true, List.of(CLAIMED), List.of(DRA), List.of(DRA), List.of()));
    MigrationPlan stop =
        waits.next(
            new NodeSituation(
                NONE, DRA, true, true, List.of(), List.of(DRA), List.of(DRA), List.of()));
    MigrationPlan stopping =
        waits.next(
            new NodeSituation(
                NONE, NONE, true, true, List.of(), List.of(DRA), List.of(), List.of()));
    MigrationPlan uncordon =
        waits.next(
            new NodeSituation(NONE, NONE, true, true, List.of(), List.of(), List.of(), List.of()));
    MigrationPlan done =
        waits.next(
            new NodeSituation(
                NONE, NONE, false, false, List.of(), List.of(), List.of(), List.of()));

    assertThat(List.of(cordon, waiting, stop, stopping, uncordon, done))
        .extracting(MigrationPlan::step, MigrationPlan::stack, MigrationPlan::unschedulable)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(MigrationStep.CORDON, DRA, true),
            org.assertj.core.groups.Tuple.tuple(MigrationStep.WAIT_FOR_GPU_PODS, DRA, true),
            org.assertj.core.groups.Tuple.tuple(MigrationStep.STOP_OLD_STACK, NONE, true),
            org.assertj.core.groups.Tuple.tuple(MigrationStep.STOP_OLD_STACK, NONE, true),
            org.assertj.core.groups.Tuple.tuple(MigrationStep.UNCORDON, NONE, false),
            org.assertj.core.groups.Tuple.tuple(MigrationStep.STEADY, NONE, false));
    assertThat(waiting.evict()).isEmpty();
    assertThat(waiting.message()).contains("through DRA driver: [ml/claimed]");
    assertThat(draining.evict()).containsExactly(CLAIMED);
    assertThat(stopping.message()).isEqualTo("waiting for the DRA driver pod to stop");
  }
}
