package dev.gpudra.api.clusterpolicy;

/**
 * The reasons of a ClusterPolicy's {@code Ready} and {@code Error} conditions, NVIDIA's strings.
 */
public final class Reasons {
  public static final String RECONCILED = "Reconciled";
  public static final String RECONCILE_FAILED = "ReconcileFailed";
  public static final String NFD_LABELS_MISSING = "NFDLabelsMissing";
  public static final String NO_GPU_NODES = "NoGPUNodes";
  public static final String OPERAND_NOT_READY = "OperandNotReady";
  public static final String DRIVER_NOT_READY = "DriverNotReady";
  public static final String NODE_STATUS_EXPORTER_NOT_READY = "NodeStatusExporterNotReady";
  public static final String PREREQUISITE_NOT_MET = "PrerequisiteNotMet";

  /**
   * gpu-dra's: the policy is being deleted and waits, under its finalizer, until no node runs or
   * leaves the DRA driver.
   */
  public static final String DELETING = "Deleting";

  /** NVIDIADriver: two NVIDIADrivers select one node. */
  public static final String CONFLICTING_NODE_SELECTOR = "ConflictingNodeSelector";

  private Reasons() {}
}
