package dev.gpudra.node.xid;

/** How an XID affects the device it happened on. */
public enum XidSeverity {
  /** An application's error (NVIDIA's ignore list): a {@code None} taint, for the record. */
  IGNORED,
  /**
   * NVML needs no recovery after it (recovery action none, or the IMEX domain's): a {@code None}
   * taint, for the record.
   */
  NON_FATAL,
  /** A GPU error that may pass: {@code NoSchedule}, removed after a clean recovery period. */
  TRANSIENT,
  /** A GPU error that needs a reset or service: {@code NoSchedule} until the plugin restarts. */
  FATAL
}
