package dev.gpudra.nvml.simulated;

import dev.gpudra.nvml.RecoveryAction;
import java.util.Map;

/**
 * The recovery action the simulated driver sets when it reports an XID that names none: what
 * NVIDIA's XID catalog asks for. A GPU that fell off the bus (79) needs a node reboot; double-bit
 * ECC (48), a halted micro-controller (62), row remapping (63, 64), NVLink (74), a high single-bit
 * ECC rate (92), uncontained ECC (95), GSP errors (119, 120) and unrecovered ECC (140) a GPU reset;
 * every other XID (an application's fault, a contained ECC error) none.
 */
final class DriverRecovery {
  private static final Map<Long, RecoveryAction> CATALOG =
      Map.ofEntries(
          Map.entry(48L, RecoveryAction.GPU_RESET),
          Map.entry(62L, RecoveryAction.GPU_RESET),
          Map.entry(63L, RecoveryAction.GPU_RESET),
          Map.entry(64L, RecoveryAction.GPU_RESET),
          Map.entry(74L, RecoveryAction.GPU_RESET),
          Map.entry(79L, RecoveryAction.NODE_REBOOT),
          Map.entry(92L, RecoveryAction.GPU_RESET),
          Map.entry(95L, RecoveryAction.GPU_RESET),
          Map.entry(119L, RecoveryAction.GPU_RESET),
          Map.entry(120L, RecoveryAction.GPU_RESET),
          Map.entry(140L, RecoveryAction.GPU_RESET));

  /** The first driver branch whose NVML reports {@code NVML_FI_DEV_GET_GPU_RECOVERY_ACTION}. */
  static final int FIRST_DRIVER = 565;

  private DriverRecovery() {}

  static RecoveryAction after(long xid) {
    return CATALOG.getOrDefault(xid, RecoveryAction.NONE);
  }

  /** Whether a driver of this version ({@code 580.95.05}) reports recovery actions. */
  static boolean reports(String driverVersion) {
    String major = driverVersion.split("\\.", 2)[0];
    return major.matches("[0-9]{1,6}") && Integer.parseInt(major) >= FIRST_DRIVER;
  }
}
