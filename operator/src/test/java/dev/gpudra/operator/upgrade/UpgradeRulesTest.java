package dev.gpudra.operator.upgrade;

import static dev.gpudra.operator.upgrade.UpgradeFixtures.AUTO;
import static dev.gpudra.operator.upgrade.UpgradeFixtures.BARE;
import static dev.gpudra.operator.upgrade.UpgradeFixtures.DRIVER_READY;
import static dev.gpudra.operator.upgrade.UpgradeFixtures.NEW_READY;
import static dev.gpudra.operator.upgrade.UpgradeFixtures.NEW_STARTING;
import static dev.gpudra.operator.upgrade.UpgradeFixtures.NOW;
import static dev.gpudra.operator.upgrade.UpgradeFixtures.OLD;
import static dev.gpudra.operator.upgrade.UpgradeFixtures.TRAINING;
import static dev.gpudra.operator.upgrade.UpgradeFixtures.WEB;
import static dev.gpudra.operator.upgrade.UpgradeFixtures.copy;
import static dev.gpudra.operator.upgrade.UpgradeFixtures.failed;
import static dev.gpudra.operator.upgrade.UpgradeFixtures.node;
import static dev.gpudra.operator.upgrade.UpgradeFixtures.operands;
import static dev.gpudra.operator.upgrade.UpgradeFixtures.pod;
import static dev.gpudra.operator.upgrade.UpgradeFixtures.policy;
import static dev.gpudra.operator.upgrade.UpgradeFixtures.since;
import static dev.gpudra.operator.upgrade.UpgradeFixtures.withUnschedulable;
import static dev.gpudra.operator.upgrade.UpgradeState.CORDON_REQUIRED;
import static dev.gpudra.operator.upgrade.UpgradeState.DRAIN_REQUIRED;
import static dev.gpudra.operator.upgrade.UpgradeState.POD_DELETION_REQUIRED;
import static dev.gpudra.operator.upgrade.UpgradeState.POD_RESTART_REQUIRED;
import static dev.gpudra.operator.upgrade.UpgradeState.UNCORDON_REQUIRED;
import static dev.gpudra.operator.upgrade.UpgradeState.UNKNOWN;
import static dev.gpudra.operator.upgrade.UpgradeState.UPGRADE_DONE;
import static dev.gpudra.operator.upgrade.UpgradeState.UPGRADE_FAILED;
import static dev.gpudra.operator.upgrade.UpgradeState.UPGRADE_REQUIRED;
import static dev.gpudra.operator.upgrade.UpgradeState.VALIDATION_REQUIRED;
import static dev.gpudra.operator.upgrade.UpgradeState.WAIT_FOR_JOBS_REQUIRED;
import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.api.clusterpolicy.DrainSpec;
import dev.gpudra.api.clusterpolicy.DriverUpgradePolicySpec;
import dev.gpudra.api.clusterpolicy.PodDeletionSpec;
import dev.gpudra.api.clusterpolicy.WaitForCompletionSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class UpgradeRulesTest {
  private final UpgradeRules rules = new UpgradeRules(AUTO, UpgradeDeadlines.DEFAULT, NOW);

  @Test
  @DisplayName("a node goes through NVIDIA's upgrade states in order")
  void aNodeGoesThroughNvidiasStatesInOrder() {
    // each row: the node as it shows, the state it moves to
    assertThat(rules.next(node(UNKNOWN, OLD, List.of()), false).state())
        .isEqualTo(UPGRADE_REQUIRED);
    assertThat(rules.next(node(UPGRADE_REQUIRED, OLD, List.of()), true).state())
        .isEqualTo(CORDON_REQUIRED);
    UpgradePlan cordon = rules.next(node(CORDON_REQUIRED, OLD, List.of(TRAINING)), false);
    assertThat(cordon.state()).isEqualTo(WAIT_FOR_JOBS_REQUIRED);
    assertThat(cordon.unschedulable()).contains(true);
    assertThat(rules.next(node(WAIT_FOR_JOBS_REQUIRED, OLD, List.of(TRAINING)), false).state())
        .isEqualTo(POD_DELETION_REQUIRED);
    UpgradePlan deleting =
        rules.next(node(POD_DELETION_REQUIRED, OLD, List.of(TRAINING, WEB)), false);
    assertThat(deleting.state()).isEqualTo(POD_DELETION_REQUIRED);
    assertThat(deleting.evict()).containsExactly("ml/training");
    assertThat(rules.next(node(POD_DELETION_REQUIRED, OLD, List.of(WEB)), false).state())
        .isEqualTo(POD_RESTART_REQUIRED);
    UpgradePlan restart = rules.next(node(POD_RESTART_REQUIRED, OLD, List.of(WEB)), false);
    assertThat(restart.delete()).containsExactly("nvidia-driver-daemonset-x");
    assertThat(rules.next(node(POD_RESTART_REQUIRED, NEW_READY, List.of()), false).state())
        .isEqualTo(VALIDATION_REQUIRED);
    assertThat(rules.next(node(VALIDATION_REQUIRED, NEW_READY, List.of()), false).state())
        .isEqualTo(UNCORDON_REQUIRED);
    UpgradePlan uncordon = rules.next(node(UNCORDON_REQUIRED, NEW_READY, List.of()), false);
    assertThat(uncordon.state()).isEqualTo(UPGRADE_DONE);
    assertThat(uncordon.unschedulable()).contains(false);
    assertThat(uncordon.unannotate()).containsAll(UpgradeKeys.BOOKKEEPING);
  }

  @Test
  @DisplayName("a state change starts the new state's clock and stops the old one")
  void aStateChangeStartsTheNewStatesClockAndStopsTheOldOne() {
    UpgradePlan plan = rules.next(node(WAIT_FOR_JOBS_REQUIRED, OLD, List.of()), false);
    assertThat(plan.annotate())
        .containsEntry(UpgradeKeys.SINCE, Long.toString(NOW.getEpochSecond()));
    assertThat(plan.unannotate()).contains(UpgradeKeys.WAIT_START);
    UpgradePlan validating = rules.next(node(POD_RESTART_REQUIRED, NEW_READY, List.of()), false);
    assertThat(validating.annotate()).containsKey(UpgradeKeys.VALIDATION_START);
  }

  @Test
  @DisplayName("a current driver is done, and an old one waits for a slot")
  void aCurrentDriverIsDoneAndAnOldOneWaitsForASlot() {
    assertThat(rules.next(node(UNKNOWN, NEW_READY, List.of()), false).state())
        .isEqualTo(UPGRADE_DONE);
    assertThat(rules.next(node(UPGRADE_DONE, NEW_READY, List.of()), false).state())
        .isEqualTo(UPGRADE_DONE);
    UpgradePlan waiting = rules.next(node(UPGRADE_REQUIRED, OLD, List.of()), false);
    assertThat(waiting.state()).isEqualTo(UPGRADE_REQUIRED);
    assertThat(waiting.message()).contains("slot");
  }

  @Test
  @DisplayName("an admin's cordon is kept")
  void anAdminsCordonIsKept() {
    NodeUpgrade cordoned = withUnschedulable(node(UPGRADE_DONE, OLD, List.of()), true, false);
    UpgradePlan required = rules.next(cordoned, false);
    assertThat(required.annotate()).containsEntry(UpgradeKeys.INITIALLY_UNSCHEDULABLE, "true");
    // a cordoned node starts without a slot, as NVIDIA's
    NodeUpgrade waiting = withUnschedulable(node(UPGRADE_REQUIRED, OLD, List.of()), true, true);
    assertThat(rules.next(waiting, false).state()).isEqualTo(CORDON_REQUIRED);
    NodeUpgrade validated =
        withUnschedulable(node(VALIDATION_REQUIRED, NEW_READY, List.of()), true, true);
    UpgradePlan done = rules.next(validated, false);
    assertThat(done.state()).isEqualTo(UPGRADE_DONE);
    assertThat(done.unschedulable()).isEmpty();
  }

  @Test
  @DisplayName("a retry keeps the cordon of its failed attempt as the upgrade's")
  void aRetryKeepsTheCordonOfItsFailedAttemptAsTheUpgrades() {
    // failed, cordoned by the upgrade itself: trying again, it is not an admin's cordon
    NodeUpgrade retrying =
        failed(withUnschedulable(node(CORDON_REQUIRED, OLD, List.of()), true, false), 1, "rev-1");
    UpgradePlan plan = rules.next(retrying, false);
    assertThat(plan.state()).isEqualTo(WAIT_FOR_JOBS_REQUIRED);
    assertThat(plan.annotate()).doesNotContainKey(UpgradeKeys.INITIALLY_UNSCHEDULABLE);
    // a first attempt that finds the node cordoned keeps that cordon
    NodeUpgrade first = withUnschedulable(node(CORDON_REQUIRED, OLD, List.of()), true, false);
    assertThat(rules.next(first, false).annotate())
        .containsEntry(UpgradeKeys.INITIALLY_UNSCHEDULABLE, "true");
  }

  @Test
  @DisplayName("skipped and moving nodes do not start")
  void skippedAndMovingNodesDoNotStart() {
    NodeUpgrade base = node(UPGRADE_REQUIRED, OLD, List.of());
    NodeUpgrade skipped = copy(base, true, false);
    assertThat(rules.next(skipped, true).state()).isEqualTo(UPGRADE_REQUIRED);
    assertThat(rules.next(skipped, true).message()).contains(UpgradeKeys.SKIP_NODE);
    NodeUpgrade moving = copy(base, false, true);
    assertThat(rules.next(moving, true).message()).contains("move");
  }

  @Test
  @DisplayName("the drain waits for jobs until they complete or its timeout")
  void waitsForJobsUntilTheyCompleteOrItsTimeout() {
    UpgradePolicy jobs =
        policy(
            new DriverUpgradePolicySpec(
                true, 1, null, null, null, new WaitForCompletionSpec("app=training", 60)));
    UpgradeRules rules = new UpgradeRules(jobs, UpgradeDeadlines.DEFAULT, NOW);
    NodeUpgrade running = node(WAIT_FOR_JOBS_REQUIRED, OLD, List.of(TRAINING));
    assertThat(rules.next(running, false).state()).isEqualTo(WAIT_FOR_JOBS_REQUIRED);
    assertThat(rules.next(since(running, 61), false).state()).isEqualTo(POD_DELETION_REQUIRED);
    assertThat(rules.next(node(WAIT_FOR_JOBS_REQUIRED, OLD, List.of(WEB)), false).state())
        .isEqualTo(POD_DELETION_REQUIRED);
  }

  @Test
  @DisplayName("pods that cannot be deleted fail the node, or drain it")
  void podsThatCannotBeDeletedFailTheNodeOrDrainIt() {
    UpgradePlan failed = rules.next(node(POD_DELETION_REQUIRED, OLD, List.of(BARE)), false);
    assertThat(failed.state()).isEqualTo(UPGRADE_FAILED);
    assertThat(failed.failed()).hasValueSatisfying(w -> assertThat(w).contains("ml/bare", "force"));
    assertThat(failed.annotate()).containsEntry(UpgradeKeys.ATTEMPTS, "1");
    UpgradePolicy forced =
        policy(
            new DriverUpgradePolicySpec(
                true, 1, null, null, new PodDeletionSpec(true, 300, false), null));
    UpgradePlan evicts =
        new UpgradeRules(forced, UpgradeDeadlines.DEFAULT, NOW)
            .next(node(POD_DELETION_REQUIRED, OLD, List.of(BARE)), false);
    assertThat(evicts.evict()).containsExactly("ml/bare");
    UpgradePolicy drains =
        policy(
            new DriverUpgradePolicySpec(
                true, 1, null, new DrainSpec(true, true, null, 300, false), null, null));
    UpgradeRules draining = new UpgradeRules(drains, UpgradeDeadlines.DEFAULT, NOW);
    assertThat(draining.next(node(POD_DELETION_REQUIRED, OLD, List.of(BARE)), false).state())
        .isEqualTo(DRAIN_REQUIRED);
    UpgradePlan drain = draining.next(node(DRAIN_REQUIRED, OLD, List.of(BARE, WEB)), false);
    assertThat(drain.evict()).containsExactlyInAnyOrder("ml/bare", "ml/web");
    assertThat(draining.next(node(DRAIN_REQUIRED, OLD, List.of()), false).state())
        .isEqualTo(POD_RESTART_REQUIRED);
  }

  @Test
  @DisplayName("a pod deletion that outlasts its timeout fails the node")
  void podDeletionThatOutlastsItsTimeoutFailsTheNode() {
    NodeUpgrade stuck = since(node(POD_DELETION_REQUIRED, OLD, List.of(TRAINING)), 301);
    UpgradePlan plan = rules.next(stuck, false);
    assertThat(plan.state()).isEqualTo(UPGRADE_FAILED);
    assertThat(plan.message()).contains("300 s", "ml/training");
  }

  @Test
  @DisplayName("the driver pod goes only after the pods holding GPUs are gone")
  void theDriverPodGoesOnlyAfterThePodsHoldingGpusAreGone() {
    NodePod going = pod("training", true, true, false, true);
    UpgradePlan plan = rules.next(node(POD_RESTART_REQUIRED, OLD, List.of(going)), false);
    assertThat(plan.delete()).isEmpty();
    assertThat(plan.message()).contains("unprepared", "ml/training");
    // its containers stopped, the pod not gone yet: the kubelet may not have unprepared yet
    NodePod stopped =
        new NodePod("ml", "stopped", Map.of(), "Failed", true, false, true, false, false, true);
    UpgradePlan deletion = rules.next(node(POD_DELETION_REQUIRED, OLD, List.of(stopped)), false);
    assertThat(deletion.state()).isEqualTo(POD_RESTART_REQUIRED);
    UpgradePlan waits = rules.next(node(POD_RESTART_REQUIRED, OLD, List.of(stopped)), false);
    assertThat(waits.delete()).isEmpty();
    assertThat(waits.message()).contains("ml/stopped");
  }

  @Test
  @DisplayName("a driver pod that is never ready fails the node at its deadline")
  void aDriverPodThatIsNeverReadyFailsTheNodeAtItsDeadline() {
    NodeUpgrade starting = node(POD_RESTART_REQUIRED, NEW_STARTING, List.of());
    assertThat(rules.next(starting, false).state()).isEqualTo(POD_RESTART_REQUIRED);
    UpgradePlan plan = rules.next(since(starting, 601), false);
    assertThat(plan.state()).isEqualTo(UPGRADE_FAILED);
    assertThat(plan.failed()).hasValueSatisfying(w -> assertThat(w).contains("not ready"));
    DriverPod crashing =
        new DriverPod("d", true, false, false, true, false, Optional.empty(), "CrashLoopBackOff");
    assertThat(rules.next(node(POD_RESTART_REQUIRED, crashing, List.of()), false).state())
        .isEqualTo(UPGRADE_FAILED);
  }

  @Test
  @DisplayName("validation restarts the validator and the plugin that predate the driver")
  void validationRestartsTheValidatorAndThePluginThatPredateTheDriver() {
    OperandPod oldValidator = new OperandPod("v", true, DRIVER_READY.minusSeconds(60), false);
    OperandPod oldPlugin = new OperandPod("p", true, DRIVER_READY.minusSeconds(60), false);
    OperandPod newPod = new OperandPod("n", true, DRIVER_READY.plusSeconds(5), false);
    NodeUpgrade base = node(VALIDATION_REQUIRED, NEW_READY, List.of());
    UpgradePlan validator =
        rules.next(operands(base, Optional.of(oldValidator), Optional.of(oldPlugin)), false);
    assertThat(validator.delete()).containsExactly("v");
    assertThat(validator.state()).isEqualTo(VALIDATION_REQUIRED);
    UpgradePlan plugin =
        rules.next(operands(base, Optional.of(newPod), Optional.of(oldPlugin)), false);
    assertThat(plugin.delete()).containsExactly("p");
    UpgradePlan missing = rules.next(operands(base, Optional.of(newPod), Optional.empty()), false);
    assertThat(missing.state()).isEqualTo(VALIDATION_REQUIRED);
    assertThat(missing.message()).contains("GPU plugin");
    UpgradePlan late =
        rules.next(since(operands(base, Optional.of(newPod), Optional.empty()), 601), false);
    assertThat(late.state()).isEqualTo(UPGRADE_FAILED);
  }

  @Test
  @DisplayName("every validator on the node must be new and ready")
  void everyValidatorOnTheNodeMustBeNewAndReady() {
    // NVIDIA's DRA validator carries app=nvidia-operator-validator too: validation waits for both
    OperandPod operatorValidator = new OperandPod("v", true, DRIVER_READY.plusSeconds(5), false);
    OperandPod draValidator = new OperandPod("dra", true, DRIVER_READY.minusSeconds(60), false);
    NodeUpgradeEdit both = NodeUpgradeEdit.of(node(VALIDATION_REQUIRED, NEW_READY, List.of()));
    both.validators = List.of(operatorValidator, draValidator);
    UpgradePlan plan = rules.next(both.build(), false);
    assertThat(plan.delete()).containsExactly("dra");
    assertThat(plan.state()).isEqualTo(VALIDATION_REQUIRED);
  }

  @Test
  @DisplayName("a pod created in the second the driver became ready counts as new")
  void aPodCreatedInTheSecondTheDriverBecameReadyCountsAsNew() {
    // the API server keeps whole seconds: a new validator may show an earlier time than the
    // driver's readiness in the same second; restarting it would loop
    OperandPod sameSecond =
        new OperandPod(
            "v", true, DRIVER_READY.truncatedTo(java.time.temporal.ChronoUnit.SECONDS), false);
    NodeUpgrade node =
        operands(
            node(VALIDATION_REQUIRED, driverReadyAt(DRIVER_READY.plusMillis(700)), List.of()),
            Optional.of(sameSecond),
            Optional.of(sameSecond));
    UpgradePlan plan = rules.next(node, false);
    assertThat(plan.delete()).isEmpty();
    assertThat(plan.state()).isEqualTo(UNCORDON_REQUIRED);
  }

  static DriverPod driverReadyAt(Instant ready) {
    return new DriverPod("d", true, false, true, false, false, Optional.of(ready), "");
  }

  @Test
  @DisplayName("a failed node tries again after its back-off, or when the driver changes")
  void aFailedNodeTriesAgainAfterItsBackOffOrWhenTheDriverChanges() {
    NodeUpgrade failed = failed(node(UPGRADE_FAILED, NEW_STARTING, List.of()), 2, "rev-2");
    UpgradePlan waiting = rules.next(failed, false);
    assertThat(waiting.state()).isEqualTo(UPGRADE_FAILED);
    assertThat(waiting.message()).contains("boom", "attempt 2", "120 s");
    assertThat(rules.next(since(failed, 121), false).state()).isEqualTo(UPGRADE_REQUIRED);
    NodeUpgrade fixed = failed(node(UPGRADE_FAILED, OLD, List.of()), 2, "rev-1");
    assertThat(rules.next(fixed, false).state()).isEqualTo(UPGRADE_REQUIRED);
    NodeUpgrade recovered = failed(node(UPGRADE_FAILED, NEW_READY, List.of()), 2, "rev-2");
    assertThat(rules.next(recovered, false).state()).isEqualTo(VALIDATION_REQUIRED);
  }

  @Test
  @DisplayName("an operator restart resumes where the node was")
  void anOperatorRestartResumesWhereTheNodeWas() {
    // no clock recorded (labelled before a restart lost the write, or by NVIDIA's operator)
    NodeUpgrade resumed = since(node(POD_DELETION_REQUIRED, OLD, List.of(TRAINING)), -1);
    UpgradePlan plan = rules.next(resumed, false);
    assertThat(plan.state()).isEqualTo(POD_DELETION_REQUIRED);
    assertThat(plan.evict()).containsExactly("ml/training");
    assertThat(plan.annotate()).containsKey(UpgradeKeys.SINCE);
  }

  @Test
  @DisplayName("abandoning lifts the upgrade's cordon but not a failed node's")
  void abandoningLiftsTheUpgradesCordonButNotAFailedNodes() {
    UpgradePlan plan = rules.abandon(node(POD_DELETION_REQUIRED, OLD, List.of()), "off");
    assertThat(plan.state()).isEqualTo(UNKNOWN);
    assertThat(plan.unschedulable()).contains(false);
    assertThat(rules.abandon(node(UPGRADE_FAILED, OLD, List.of()), "off").unschedulable())
        .isEmpty();
  }

  @Test
  @DisplayName("the back-off doubles up to its maximum")
  void backOffDoublesUpToItsMaximum() {
    UpgradeDeadlines d = UpgradeDeadlines.DEFAULT;
    assertThat(d.backOff(1)).isEqualTo(Duration.ofMinutes(1));
    assertThat(d.backOff(3)).isEqualTo(Duration.ofMinutes(4));
    assertThat(d.backOff(40)).isEqualTo(Duration.ofMinutes(30));
  }
}
