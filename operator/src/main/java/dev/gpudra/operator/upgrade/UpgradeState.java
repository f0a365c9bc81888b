package dev.gpudra.operator.upgrade;

import java.util.Arrays;
import java.util.Optional;

/**
 * A node's place in a driver upgrade: NVIDIA's values of {@code
 * nvidia.com/gpu-driver-upgrade-state}, in flow order. NVIDIA's two maintenance-operator states
 * ({@code node-maintenance-required}, {@code post-maintenance-required}) belong to its requestor
 * mode, which is not built here: a node showing one is restarted from {@code upgrade-required}.
 */
public enum UpgradeState {
  /** No label: not processed yet. */
  UNKNOWN(""),
  UPGRADE_REQUIRED("upgrade-required"),
  CORDON_REQUIRED("cordon-required"),
  WAIT_FOR_JOBS_REQUIRED("wait-for-jobs-required"),
  POD_DELETION_REQUIRED("pod-deletion-required"),
  DRAIN_REQUIRED("drain-required"),
  POD_RESTART_REQUIRED("pod-restart-required"),
  VALIDATION_REQUIRED("validation-required"),
  UNCORDON_REQUIRED("uncordon-required"),
  UPGRADE_DONE("upgrade-done"),
  UPGRADE_FAILED("upgrade-failed");

  private final String label;

  UpgradeState(String label) {
    this.label = label;
  }

  /** The label's value ({@code ""} for {@link #UNKNOWN}). */
  public String label() {
    return label;
  }

  /** The state a label value names; empty for a value NVIDIA's requestor mode or a user wrote. */
  public static Optional<UpgradeState> of(String label) {
    String value = label == null ? "" : label;
    return Arrays.stream(values()).filter(s -> s.label.equals(value)).findFirst();
  }

  /**
   * Whether a node in this state holds one of the upgrade slots ({@code maxParallelUpgrades}): from
   * {@code cordon-required} to {@code uncordon-required}, and {@code upgrade-failed}, as NVIDIA's
   * counts them.
   */
  public boolean inProgress() {
    return this != UNKNOWN && this != UPGRADE_REQUIRED && this != UPGRADE_DONE;
  }

  /** Whether the operator may have cordoned the node in this state. */
  public boolean cordoned() {
    return inProgress() && this != CORDON_REQUIRED;
  }
}
