package dev.gpudra.gpu.health;

import dev.gpudra.node.xid.XidSeverity;
import java.util.Objects;

/**
 * How the monitor judged one XID, and what its taint covers.
 *
 * @param severity fatal or not
 * @param lift when its taint goes
 * @param wholeGpu every device of the GPU is tainted (the recovery NVML asks for is the whole
 *     GPU's), else only the devices the event is about
 * @param reason why, for the Event and the log, e.g. {@code NVML recovery action GPU_RESET}
 */
record XidVerdict(XidSeverity severity, HealthTaint.Lift lift, boolean wholeGpu, String reason) {
  XidVerdict {
    Objects.requireNonNull(severity, "severity");
    Objects.requireNonNull(lift, "lift");
    Objects.requireNonNull(reason, "reason");
  }

  /** Whether its taint keeps new claims off the device. */
  boolean blocks() {
    return severity == XidSeverity.TRANSIENT || severity == XidSeverity.FATAL;
  }
}
