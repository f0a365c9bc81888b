package dev.gpudra.operator.upgrade;

/**
 * The node labels and annotations of a driver upgrade: NVIDIA's names (driver name {@code gpu}),
 * and gpu-dra's own for what NVIDIA keeps in memory or not at all (a deadline per state, the
 * attempts, why the last one failed).
 */
public final class UpgradeKeys {
  /** NVIDIA's label: the node's {@link UpgradeState}. */
  public static final String STATE = "nvidia.com/gpu-driver-upgrade-state";

  /** NVIDIA's label: {@code true} keeps the node from starting an upgrade. */
  public static final String SKIP_NODE = "nvidia.com/gpu-driver-upgrade.skip";

  /** NVIDIA's pod label: {@code true} keeps the pod from any drain. */
  public static final String SKIP_DRAIN = "nvidia.com/gpu-driver-upgrade-drain.skip";

  /** NVIDIA's annotation: the node was cordoned before its upgrade, so it stays cordoned. */
  public static final String INITIALLY_UNSCHEDULABLE =
      "nvidia.com/gpu-driver-upgrade.node-initial-state.unschedulable";

  /** NVIDIA's annotation: {@code true} asks for an upgrade although the driver is current. */
  public static final String REQUESTED = "nvidia.com/gpu-driver-upgrade-requested";

  /** NVIDIA's annotation: when the wait for jobs began (Unix seconds). */
  public static final String WAIT_START =
      "nvidia.com/gpu-driver-upgrade-wait-for-pod-completion-start-time";

  /** NVIDIA's annotation: when validation began (Unix seconds). */
  public static final String VALIDATION_START =
      "nvidia.com/gpu-driver-upgrade-validation-start-time";

  /**
   * NVIDIA's annotation on GPU nodes while automatic upgrades are on: NVIDIA's driver manager then
   * leaves evictions and the drain to the operator.
   */
  public static final String ENABLED = "nvidia.com/gpu-driver-upgrade-enabled";

  /** gpu-dra's: when the node entered its state, for the states NVIDIA times nowhere. */
  public static final String SINCE = "gpu-dra.dev/driver-upgrade-state-since";

  /** gpu-dra's: how many attempts failed in a row. */
  public static final String ATTEMPTS = "gpu-dra.dev/driver-upgrade-attempts";

  /** gpu-dra's: why the last attempt failed. */
  public static final String FAILURE = "gpu-dra.dev/driver-upgrade-failure";

  /** gpu-dra's: the driver revision the last attempt failed on. */
  public static final String FAILED_REVISION = "gpu-dra.dev/driver-upgrade-failed-revision";

  /** Every annotation an upgrade writes, which a finished or abandoned upgrade removes. */
  public static final java.util.List<String> BOOKKEEPING =
      java.util.List.of(
          INITIALLY_UNSCHEDULABLE,
          WAIT_START,
          VALIDATION_START,
          SINCE,
          ATTEMPTS,
          FAILURE,
          FAILED_REVISION);

  private UpgradeKeys() {}

  /** The annotation that times a state: NVIDIA's where NVIDIA has one. */
  public static String since(UpgradeState state) {
    return switch (state) {
      case WAIT_FOR_JOBS_REQUIRED -> WAIT_START;
      case VALIDATION_REQUIRED -> VALIDATION_START;
      default -> SINCE;
    };
  }
}
