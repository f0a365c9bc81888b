package dev.gpudra.operator.upgrade;

import static dev.gpudra.operator.upgrade.UpgradeState.CORDON_REQUIRED;
import static dev.gpudra.operator.upgrade.UpgradeState.DRAIN_REQUIRED;
import static dev.gpudra.operator.upgrade.UpgradeState.POD_DELETION_REQUIRED;
import static dev.gpudra.operator.upgrade.UpgradeState.POD_RESTART_REQUIRED;
import static dev.gpudra.operator.upgrade.UpgradeState.UNCORDON_REQUIRED;
import static dev.gpudra.operator.upgrade.UpgradeState.UPGRADE_DONE;
import static dev.gpudra.operator.upgrade.UpgradeState.UPGRADE_FAILED;
import static dev.gpudra.operator.upgrade.UpgradeState.UPGRADE_REQUIRED;
import static dev.gpudra.operator.upgrade.UpgradeState.VALIDATION_REQUIRED;
import static dev.gpudra.operator.upgrade.UpgradeState.WAIT_FOR_JOBS_REQUIRED;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The next step of a node's driver upgrade, from what it shows now: NVIDIA's states in NVIDIA's
 * order, with three differences that make an upgrade always finish. Every state has a deadline (a
 * driver pod that is never ready fails the node, where NVIDIA's waits for 10 restarts). A failed
 * node tries again: at once when the driver DaemonSet changed since, else after a back-off. And the
 * node's claims and GPU plugin are handled: the pods holding GPUs are gone (so the kubelet has
 * unprepared their claims through the DRA driver) before the driver pod goes, and the validator and
 * the GPU plugin start again after the new driver is ready, before the node is uncordoned.
 */
public final class UpgradeRules {
  private static final int MAX_FAILURE = 1024;

  private final UpgradePolicy policy;
  private final UpgradeDeadlines deadlines;
  private final Instant now;

  public UpgradeRules(UpgradePolicy policy, UpgradeDeadlines deadlines, Instant now) {
    this.policy = policy;
    this.deadlines = deadlines;
    this.now = now;
  }

  /**
   * @param slot whether a node that waits to start may start now ({@code maxParallelUpgrades},
   *     {@code maxUnavailable}); a cordoned one starts regardless, as NVIDIA's
   */
  public UpgradePlan next(NodeUpgrade node, boolean slot) {
    PlanBuilder plan = new PlanBuilder(node, now);
    return switch (node.state()) {
      case UNKNOWN, UPGRADE_DONE -> settled(node, plan);
      case UPGRADE_REQUIRED -> required(node, slot, plan);
      case CORDON_REQUIRED -> cordon(node, plan);
      case WAIT_FOR_JOBS_REQUIRED -> jobs(node, plan);
      case POD_DELETION_REQUIRED -> deletion(node, plan);
      case DRAIN_REQUIRED -> drain(node, plan);
      case POD_RESTART_REQUIRED -> restart(node, plan);
      case VALIDATION_REQUIRED -> validation(node, plan);
      case UNCORDON_REQUIRED -> plan.to(UPGRADE_DONE).cordon(false).say("driver upgraded");
      case UPGRADE_FAILED -> failed(node, plan);
    };
  }

  /**
   * A node leaving the upgrade (automatic upgrades turned off, or no driver runs on it any more):
   * its state and bookkeeping go, and a cordon the upgrade made is lifted, unless the node failed
   * (its driver may be broken: an admin decides).
   */
  public UpgradePlan abandon(NodeUpgrade node, String why) {
    PlanBuilder plan = new PlanBuilder(node, now).to(UpgradeState.UNKNOWN);
    if (node.state().cordoned()
        && node.state() != UPGRADE_FAILED
        && !node.initiallyUnschedulable()) {
      plan.cordon(false);
    }
    return plan.say(why);
  }

  private UpgradePlan settled(NodeUpgrade node, PlanBuilder plan) {
    Optional<DriverPod> driver = node.driver();
    if (driver.isEmpty()) {
      return plan.say("no driver pod");
    }
    boolean stale = !driver.get().inSync() && !driver.get().orphaned();
    if (stale || node.requested()) {
      if (node.unschedulable()) {
        plan.annotate(UpgradeKeys.INITIALLY_UNSCHEDULABLE, "true");
      }
      return plan.to(UPGRADE_REQUIRED)
          .say(
              stale
                  ? "driver pod " + driver.get().name() + " runs an older revision"
                  : "an upgrade is requested");
    }
    return plan.to(UPGRADE_DONE).say("driver is current");
  }

  private UpgradePlan required(NodeUpgrade node, boolean slot, PlanBuilder plan) {
    if (!node.requested() && node.driverCurrent()) {
      return plan.to(UPGRADE_DONE).say("driver is current again");
    }
    if (node.skip()) {
      return plan.say("skipped: " + UpgradeKeys.SKIP_NODE + "=true");
    }
    if (node.moving()) {
      return plan.say("waiting for the node's move between the device plugin and DRA");
    }
    if (!slot && !node.unschedulable()) {
      return plan.say("waiting for an upgrade slot (maxParallelUpgrades, maxUnavailable)");
    }
    return plan.to(CORDON_REQUIRED).unannotate(UpgradeKeys.REQUESTED).say("starting");
  }

  private UpgradePlan cordon(NodeUpgrade node, PlanBuilder plan) {
    if (node.unschedulable() && !node.initiallyUnschedulable() && node.attempts() == 0) {
      // cordoned by someone else after the upgrade was planned: that cordon stays (a node that
      // tries again after a failure is still under the cordon of its attempt before)
      plan.annotate(UpgradeKeys.INITIALLY_UNSCHEDULABLE, "true");
    }
    return plan.to(WAIT_FOR_JOBS_REQUIRED).cordon(true).say("cordoned");
  }

  private UpgradePlan jobs(NodeUpgrade node, PlanBuilder plan) {
    if (policy.jobs().isEmpty()) {
      return plan.to(POD_DELETION_REQUIRED).say("no jobs to wait for");
    }
    List<NodePod> running =
        node.pods().stream()
            .filter(NodePod::active)
            .filter(p -> policy.jobs().test(p.labels()))
            .toList();
    if (running.isEmpty()) {
      return plan.to(POD_DELETION_REQUIRED).say("jobs completed");
    }
    if (expired(node, policy.jobsTimeout())) {
      return plan.to(POD_DELETION_REQUIRED)
          .say(
              "stopped waiting for jobs after "
                  + policy.jobsTimeout().toSeconds()
                  + " s: "
                  + running);
    }
    return plan.say("waiting for " + running.size() + " job pod(s) to complete: " + running);
  }

  private UpgradePlan deletion(NodeUpgrade node, PlanBuilder plan) {
    List<NodePod> gpu =
        node.pods().stream().filter(NodePod::holdsGpus).filter(NodePod::active).toList();
    if (gpu.isEmpty()) {
      return plan.to(POD_RESTART_REQUIRED).say("no pod holds GPUs");
    }
    List<NodePod> staying = gpu.stream().filter(p -> !p.terminating()).toList();
    List<String> blockers =
        staying.stream().flatMap(p -> deletionBlocker(p, policy.deletion()).stream()).toList();
    if (!blockers.isEmpty()) {
      return drainOrFail(
          node, plan, "cannot delete the pods holding GPUs: " + String.join("; ", blockers));
    }
    if (expired(node, policy.deletion().timeout())) {
      return drainOrFail(
          node,
          plan,
          "pods holding GPUs still run after "
              + policy.deletion().timeout().toSeconds()
              + " s: "
              + gpu);
    }
    return plan.evict(staying).say("deleting " + gpu.size() + " pod(s) holding GPUs: " + gpu);
  }

  private static Optional<String> deletionBlocker(NodePod pod, UpgradePolicy.Removal removal) {
    if (pod.daemonSet()) {
      return Optional.of(pod + " is a DaemonSet's (it would come back)");
    }
    if (pod.mirror()) {
      return Optional.of(pod + " is a static pod");
    }
    return pod.blocker(removal);
  }

  private UpgradePlan drainOrFail(NodeUpgrade node, PlanBuilder plan, String why) {
    if (policy.drain().enabled()) {
      return plan.to(DRAIN_REQUIRED).say(why + "; draining the node");
    }
    return fail(node, plan, why);
  }

  private UpgradePlan drain(NodeUpgrade node, PlanBuilder plan) {
    UpgradePolicy.Drain drain = policy.drain();
    if (!drain.enabled()) {
      return plan.to(POD_RESTART_REQUIRED).say("drain is off");
    }
    List<NodePod> pods =
        node.pods().stream()
            .filter(p -> !p.daemonSet() && !p.mirror() && p.active())
            .filter(p -> !"true".equals(p.labels().get(UpgradeKeys.SKIP_DRAIN)))
            .filter(p -> drain.selector().test(p.labels()))
            .toList();
    if (pods.isEmpty()) {
      return plan.to(POD_RESTART_REQUIRED).say("drained");
    }
    List<NodePod> staying = pods.stream().filter(p -> !p.terminating()).toList();
    List<String> blockers =
        staying.stream().flatMap(p -> p.blocker(drain.removal()).stream()).toList();
    if (!blockers.isEmpty()) {
      return fail(node, plan, "cannot drain the node: " + String.join("; ", blockers));
    }
    if (expired(node, drain.removal().timeout())) {
      return fail(
          node,
          plan,
          "drain did not finish in " + drain.removal().timeout().toSeconds() + " s: " + pods);
    }
    return plan.evict(staying).say("draining " + pods.size() + " pod(s): " + pods);
  }

  private UpgradePlan restart(NodeUpgrade node, PlanBuilder plan) {
    List<NodePod> going =
        node.pods().stream().filter(p -> p.holdsGpus() && p.terminating()).toList();
    Optional<DriverPod> driver = node.driver();
    String waiting;
    if (!going.isEmpty()) {
      waiting =
          "waiting for "
              + going.size()
              + " pod(s) holding GPUs to stop, so that their claims are unprepared before the"
              + " driver goes: "
              + going;
    } else if (driver.isEmpty()) {
      waiting = "waiting for the driver DaemonSet to start its pod";
    } else if (!driver.get().inSync()) {
      if (driver.get().terminating()) {
        waiting = "waiting for the old driver pod " + driver.get().name() + " to stop";
      } else {
        return plan.delete(driver.get().name()).say("restarting driver pod " + driver.get().name());
      }
    } else if (driver.get().ready()) {
      return plan.to(VALIDATION_REQUIRED).say("driver pod " + driver.get().name() + " is ready");
    } else if (driver.get().failing()) {
      return fail(
          node,
          plan,
          "driver pod " + driver.get().name() + " keeps failing: " + driver.get().why());
    } else {
      waiting =
          "waiting for driver pod " + driver.get().name() + " to be ready: " + driver.get().why();
    }
    if (expired(node, deadlines.podRestart())) {
      return fail(
          node, plan, "not done in " + deadlines.podRestart().toSeconds() + " s: " + waiting);
    }
    return plan.say(waiting);
  }

  private UpgradePlan validation(NodeUpgrade node, PlanBuilder plan) {
    if (!node.driverCurrent()) {
      return plan.to(POD_RESTART_REQUIRED).say("the driver pod is not current and ready any more");
    }
    Instant driverReady = node.driver().flatMap(DriverPod::readySince).orElse(Instant.MIN);
    Optional<String> waiting = validators(plan, node.validators(), driverReady);
    if (waiting.isEmpty()) { // the GPU plugin after the validator, as NVIDIA's operands start
      waiting = restartAfter(plan, "GPU plugin", node.plugin(), node.runsPlugin(), driverReady);
    }
    if (waiting.isEmpty()) {
      return node.initiallyUnschedulable()
          ? plan.to(UPGRADE_DONE).say("driver upgraded; the node stays cordoned as it was")
          : plan.to(UNCORDON_REQUIRED).say("validated");
    }
    if (expired(node, deadlines.validation())) {
      return fail(
          node,
          plan,
          "validation not done in " + deadlines.validation().toSeconds() + " s: " + waiting.get());
    }
    return plan.say(waiting.get());
  }

  /**
   * What keeps NVIDIA's validation (every {@code app=nvidia-operator-validator} pod on the node
   * ready) from passing on the new driver; the validators from before it restart together.
   */
  private static Optional<String> validators(
      PlanBuilder plan, List<OperandPod> validators, Instant driverReady) {
    if (validators.isEmpty()) {
      return Optional.of("waiting for the validator pod");
    }
    List<String> waiting = new java.util.ArrayList<>();
    for (OperandPod pod : validators) {
      restartAfter(plan, "validator", Optional.of(pod), true, driverReady).ifPresent(waiting::add);
    }
    return waiting.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", waiting));
  }

  /**
   * What keeps an operand pod from being one that started after the new driver and is ready; a pod
   * from before the driver is deleted, for its DaemonSet to start again.
   */
  private static Optional<String> restartAfter(
      PlanBuilder plan,
      String what,
      Optional<OperandPod> pod,
      boolean expected,
      Instant driverReady) {
    if (pod.isEmpty()) {
      return expected ? Optional.of("waiting for the " + what + " pod") : Optional.empty();
    }
    OperandPod p = pod.get();
    if (p.terminating()) {
      return Optional.of("waiting for the old " + what + " pod " + p.name() + " to stop");
    }
    if (p.before(driverReady)) {
      plan.delete(p.name());
      return Optional.of("restarting the " + what + " pod " + p.name() + " on the new driver");
    }
    return p.ready()
        ? Optional.empty()
        : Optional.of("waiting for the " + what + " pod " + p.name() + " to be ready");
  }

  private UpgradePlan failed(NodeUpgrade node, PlanBuilder plan) {
    if (node.driverCurrent()) {
      return plan.to(VALIDATION_REQUIRED).say("driver pod is current and ready: validating");
    }
    boolean changed =
        node.failedRevision().isPresent()
            && node.newestRevision().isPresent()
            && !node.failedRevision().equals(node.newestRevision());
    if (changed) {
      return plan.to(UPGRADE_REQUIRED).say("the driver changed since the failure: trying again");
    }
    Duration wait = deadlines.backOff(Math.max(1, node.attempts()));
    if (expired(node, wait)) {
      return plan.to(UPGRADE_REQUIRED).say("trying again (attempt " + (node.attempts() + 1) + ")");
    }
    return plan.say(
        node.failure().orElse("failed")
            + " (attempt "
            + Math.max(1, node.attempts())
            + "; next in "
            + wait.toSeconds()
            + " s or when the driver changes)");
  }

  private UpgradePlan fail(NodeUpgrade node, PlanBuilder plan, String why) {
    String reason = why.length() > MAX_FAILURE ? why.substring(0, MAX_FAILURE) + "..." : why;
    plan.to(UPGRADE_FAILED)
        .annotate(UpgradeKeys.ATTEMPTS, Integer.toString(node.attempts() + 1))
        .annotate(UpgradeKeys.FAILURE, reason)
        .failed(reason);
    node.newestRevision().ifPresent(r -> plan.annotate(UpgradeKeys.FAILED_REVISION, r));
    return plan.say(reason);
  }

  /** Whether the node has been in its state longer than {@code limit} (zero: never). */
  private boolean expired(NodeUpgrade node, Duration limit) {
    return !limit.isZero() && node.since().map(s -> s.plus(limit).isBefore(now)).orElse(false);
  }
}
