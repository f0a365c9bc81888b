package dev.gpudra.operator.upgrade;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * What a GPU node shows, as far as its driver upgrade goes.
 *
 * @param name the node's name
 * @param state its {@link UpgradeKeys#STATE} label ({@code UNKNOWN} for none or a value not built)
 * @param skip whether it carries {@link UpgradeKeys#SKIP_NODE}{@code =true}
 * @param unschedulable whether it is cordoned
 * @param nodeReady whether its {@code Ready} condition is not false
 * @param initiallyUnschedulable whether it was cordoned before its upgrade (NVIDIA's annotation)
 * @param requested whether an upgrade is asked for ({@link UpgradeKeys#REQUESTED})
 * @param moving whether it is moving between the device plugin and the DRA driver
 * @param since when it entered its state ({@link UpgradeKeys#since}), if recorded
 * @param attempts how many attempts failed in a row
 * @param failure why the last attempt failed
 * @param failedRevision the driver revision the last attempt failed on
 * @param newestRevision the driver DaemonSet's newest revision
 * @param driver the driver pod on it, if any
 * @param pods every other pod on it
 * @param validators NVIDIA's validator pods on it ({@code app=nvidia-operator-validator}: the
 *     operator validator's, and on a DRA node the DRA validator's too)
 * @param plugin its GPU plugin pod (DRA or device plugin), if any
 * @param runsPlugin whether its deploy labels put a GPU plugin on it (so one must come back)
 */
public record NodeUpgrade(
    String name,
    UpgradeState state,
    boolean skip,
    boolean unschedulable,
    boolean nodeReady,
    boolean initiallyUnschedulable,
    boolean requested,
    boolean moving,
    Optional<Instant> since,
    int attempts,
    Optional<String> failure,
    Optional<String> failedRevision,
    Optional<String> newestRevision,
    Optional<DriverPod> driver,
    List<NodePod> pods,
    List<OperandPod> validators,
    Optional<OperandPod> plugin,
    boolean runsPlugin) {
  public NodeUpgrade {
    pods = List.copyOf(pods);
    validators = List.copyOf(validators);
  }

  /** Whether it counts against {@code maxUnavailable}: cordoned or not ready. */
  public boolean unavailable() {
    return unschedulable || !nodeReady;
  }

  /** Whether its driver pod runs the newest revision and is ready. */
  public boolean driverCurrent() {
    return driver.map(d -> d.inSync() && d.ready()).orElse(false);
  }
}
