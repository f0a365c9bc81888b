package dev.gpudra.gpu.health;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpudra.node.xid.HealthSettings;
import dev.gpudra.node.xid.XidSeverity;
import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.NvmlGpuLostException;
import dev.gpudra.nvml.RecoveryAction;
import dev.gpudra.nvml.simulated.GpuProfile;
import dev.gpudra.nvml.simulated.ProfileLoader;
import dev.gpudra.nvml.simulated.SimulatedNvml;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@DisplayName("An XID is judged by NVML's recovery action, the admin's lists first")
class XidJudgeTest {
  private static final GpuProfile L40S = new ProfileLoader().load("l40s");
  private static final HealthSettings LISTS =
      HealthSettings.of(List.of(48L), List.of(13L), Duration.ofMinutes(10));

  private final SimulatedNvml nvml = new SimulatedNvml(L40S, "node-a");
  private final GpuInfo gpu = nvml.gpus().getFirst();
  private final XidJudge judge = new XidJudge(nvml, LISTS);

  @ParameterizedTest(name = "{0} -> {1}, until {2}")
  @CsvSource({
    "NONE, NON_FATAL, QUIET_PERIOD, false",
    "RECOVER_IMEX_DOMAIN, NON_FATAL, QUIET_PERIOD, false",
    "GPU_RESET, FATAL, RECOVERY_ACTION, true",
    "NODE_REBOOT, FATAL, RECOVERY_ACTION, true",
    "DRAIN_P2P, FATAL, RECOVERY_ACTION, true",
    "DRAIN_AND_RESET, FATAL, RECOVERY_ACTION, true",
    "BUS_RESET, FATAL, RECOVERY_ACTION, true",
    "SYSTEM_REBOOT, FATAL, RECOVERY_ACTION, true",
    "9, FATAL, RECOVERY_ACTION, true"
  })
  @DisplayName("NVML's recovery action decides; a fatal one covers the whole GPU")
  void byRecoveryAction(
      String action, XidSeverity severity, HealthTaint.Lift lift, boolean wholeGpu) {
    nvml.setRecoveryAction(gpu, RecoveryAction.parse(action));

    XidVerdict verdict = judge.judge(31, gpu);

    assertThat(verdict.severity()).isEqualTo(severity);
    assertThat(verdict.lift()).isEqualTo(lift);
    assertThat(verdict.wholeGpu()).isEqualTo(wholeGpu);
    assertThat(verdict.reason()).startsWith("NVML recovery action " + RecoveryAction.parse(action));
  }

  @Test
  @DisplayName(
      "--additional-xids-to-ignore overrides a recovery action; --health-fatal-xids overrides none")
  void listsOverride() {
    nvml.setRecoveryAction(gpu, RecoveryAction.GPU_RESET);
    assertThat(judge.judge(48, gpu))
        .isEqualTo(
            new XidVerdict(
                XidSeverity.IGNORED,
                HealthTaint.Lift.QUIET_PERIOD,
                false,
                "listed in --additional-xids-to-ignore"));

    nvml.setRecoveryAction(gpu, RecoveryAction.NONE);
    assertThat(judge.judge(13, gpu))
        .isEqualTo(
            new XidVerdict(
                XidSeverity.FATAL,
                HealthTaint.Lift.RESTART,
                false,
                "listed in --health-fatal-xids"));
  }

  @Test
  @DisplayName("the simulated driver sets the action NVIDIA's XID catalog asks for with the XID")
  void driverSetsTheAction() {
    nvml.injectXid(gpu, 43);
    assertThat(judge.judge(43, gpu).severity()).isEqualTo(XidSeverity.NON_FATAL);

    nvml.injectXid(gpu, 79);
    assertThat(nvml.recoveryAction(gpu)).contains(RecoveryAction.NODE_REBOOT);
    nvml.injectXid(gpu, 43);
    assertThat(judge.judge(43, gpu).severity()).isEqualTo(XidSeverity.FATAL);
  }

  @ParameterizedTest(name = "XID {0} -> {1}")
  @CsvSource({
    "43, IGNORED, QUIET_PERIOD",
    "8, TRANSIENT, QUIET_PERIOD",
    "79, FATAL, RESTART",
    "48, IGNORED, QUIET_PERIOD",
    "13, IGNORED, QUIET_PERIOD"
  })
  @DisplayName(
      "a driver before 565 tells no recovery action: NVIDIA's 0.5 ignore list, ours of fatal XIDs")
  void olderDriver(long xid, XidSeverity severity, HealthTaint.Lift lift) {
    GpuProfile old =
        new GpuProfile(
            "l40s-r550", "550.54.15", 12040, L40S.groups(), L40S.pciSlots(), L40S.nvlinks());
    SimulatedNvml older = new SimulatedNvml(old, "node-a");
    GpuInfo first = older.gpus().getFirst();
    older.injectXid(first, 79);
    assertThat(older.recoveryAction(first)).isEmpty();

    HealthSettings ignoring48 = HealthSettings.of(List.of(48L), List.of(), Duration.ofMinutes(10));
    XidVerdict verdict = new XidJudge(older, ignoring48).judge(xid, first);

    assertThat(verdict.severity()).isEqualTo(severity);
    assertThat(verdict.lift()).isEqualTo(lift);
    assertThat(verdict.wholeGpu()).isFalse();
  }

  @Test
  @DisplayName("a lost GPU is not judged: the monitor learns it is lost")
  void lostGpu() {
    nvml.loseGpu(gpu);

    assertThatThrownBy(() -> judge.judge(79, gpu)).isInstanceOf(NvmlGpuLostException.class);
  }
}
