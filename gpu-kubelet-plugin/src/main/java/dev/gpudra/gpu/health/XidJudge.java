package dev.gpudra.gpu.health;

import dev.gpudra.node.xid.HealthSettings;
import dev.gpudra.node.xid.XidSeverity;
import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.Nvml;
import dev.gpudra.nvml.NvmlException;
import dev.gpudra.nvml.NvmlGpuLostException;
import dev.gpudra.nvml.RecoveryAction;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Judges an XID as NVIDIA's plugin does after 0.5: by the recovery action NVML reports for the GPU.
 * None needed (or only the IMEX domain's) is non-fatal, a {@code None} taint; anything else is
 * fatal, a {@code NoSchedule} taint on every device of the GPU, until NVML reads none again; an
 * action NVML cannot read is fatal too. The admin's lists come first: {@code
 * --additional-xids-to-ignore} is never fatal, {@code --health-fatal-xids} always, for good. A
 * driver that reports no recovery action (before 565) is judged by {@link
 * HealthSettings#fallback()}, as NVIDIA's 0.5 did.
 */
final class XidJudge {
  private static final Logger log = LoggerFactory.getLogger(XidJudge.class);

  private final Nvml nvml;
  private final HealthSettings settings;

  XidJudge(Nvml nvml, HealthSettings settings) {
    this.nvml = nvml;
    this.settings = settings;
  }

  /**
   * @throws NvmlGpuLostException the GPU is lost
   */
  XidVerdict judge(long xid, GpuInfo gpu) {
    if (settings.ignored().contains(xid)) {
      return verdict(XidSeverity.IGNORED, "listed in --additional-xids-to-ignore");
    }
    if (settings.fatal().contains(xid)) {
      return verdict(XidSeverity.FATAL, "listed in --health-fatal-xids");
    }
    Optional<RecoveryAction> action;
    try {
      action = nvml.recoveryAction(gpu);
    } catch (NvmlGpuLostException e) {
      throw e;
    } catch (NvmlException e) {
      log.warn("XID {} on GPU {}: NVML cannot tell its recovery action; fatal", xid, gpu.uuid(), e);
      return new XidVerdict(
          XidSeverity.FATAL,
          HealthTaint.Lift.RECOVERY_ACTION,
          false,
          "NVML cannot tell its recovery action: " + e.getMessage());
    }
    return action.map(a -> byAction(xid, gpu, a)).orElseGet(() -> byList(xid));
  }

  private XidVerdict byAction(long xid, GpuInfo gpu, RecoveryAction action) {
    String reason = "NVML recovery action " + action;
    if (action.equals(RecoveryAction.NONE)) {
      return verdict(XidSeverity.NON_FATAL, reason);
    }
    if (action.equals(RecoveryAction.RECOVER_IMEX_DOMAIN)) {
      log.warn(
          "XID {} on GPU {}: NVML asks to recover the IMEX domain; the GPU stays schedulable",
          xid,
          gpu.uuid());
      return verdict(XidSeverity.NON_FATAL, reason + ", the IMEX domain's");
    }
    return new XidVerdict(XidSeverity.FATAL, HealthTaint.Lift.RECOVERY_ACTION, true, reason);
  }

  private XidVerdict byList(long xid) {
    XidSeverity severity = settings.fallback().classify(xid);
    return verdict(severity, "the driver reports no recovery action; judged by XID list");
  }

  private static XidVerdict verdict(XidSeverity severity, String reason) {
    HealthTaint.Lift lift =
        severity == XidSeverity.FATAL ? HealthTaint.Lift.RESTART : HealthTaint.Lift.QUIET_PERIOD;
    return new XidVerdict(severity, lift, false, reason);
  }
}
