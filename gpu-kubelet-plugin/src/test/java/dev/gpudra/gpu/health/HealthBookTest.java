package dev.gpudra.gpu.health;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.kit.resourcehealth.DeviceHealth;
import dev.gpudra.kit.resourcehealth.DeviceHealth.Status;
import dev.gpudra.node.xid.XidSeverity;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceTaint;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class HealthBookTest {
  private static final Instant T0 = Instant.parse("2026-11-24T03:00:00Z");
  private static final Duration PERIOD = Duration.ofMinutes(10);
  private static final XidVerdict FATAL =
      new XidVerdict(XidSeverity.FATAL, HealthTaint.Lift.RESTART, false, "listed");
  private static final XidVerdict RESET =
      new XidVerdict(
          XidSeverity.FATAL,
          HealthTaint.Lift.RECOVERY_ACTION,
          true,
          "NVML recovery action GPU_RESET");
  private static final XidVerdict TRANSIENT =
      new XidVerdict(XidSeverity.TRANSIENT, HealthTaint.Lift.QUIET_PERIOD, false, "by list");
  private static final XidVerdict IGNORED =
      new XidVerdict(XidSeverity.IGNORED, HealthTaint.Lift.QUIET_PERIOD, false, "listed");
  private static final XidVerdict NON_FATAL =
      new XidVerdict(
          XidSeverity.NON_FATAL, HealthTaint.Lift.QUIET_PERIOD, false, "NVML recovery action NONE");
  private final HealthBook book = new HealthBook();

  private static String shown(List<DeviceTaint> taints) {
    return String.join(
        ",",
        taints.stream()
            .map(t ->
                t.getKey() + (t.getValue() == null ? "" : "=" + t.getValue()) + ":" + t.getEffect())
            .toList());
  }

  @Test
  @DisplayName(
      "an XID taints the device with its code: NoSchedule, or None when ignored; health follows"
          + " NVIDIA's table")
  void xidTaintsAndHealth() {
    assertThat(book.xid("gpu-0", 79, FATAL, T0)).isPresent();
    assertThat(book.xid("gpu-1", 31, IGNORED, T0)).isPresent();

    assertThat(shown(book.taints("gpu-0"))).isEqualTo("gpu.nvidia.com/xid=79:NoSchedule");
    assertThat(shown(book.taints("gpu-1"))).isEqualTo("gpu.nvidia.com/xid=31:None");
    assertThat(book.taints("gpu-2")).isEmpty();
    assertThat(book.health("gpu-0"))
        .isEqualTo(new DeviceHealth("gpu-0", Status.UNHEALTHY, "critical XID 79 reported by NVML"));
    assertThat(book.health("gpu-1"))
        .isEqualTo(new DeviceHealth("gpu-1", Status.HEALTHY, "non-fatal XID 31 reported by NVML"));
    assertThat(book.health("gpu-2")).isEqualTo(new DeviceHealth("gpu-2", Status.HEALTHY, ""));
  }

  @Test
  @DisplayName(
      "a later event never weakens a taint: NoSchedule stays under an ignored XID, fatal under a"
          + " transient one; a stronger one replaces it")
  void neverWeakens() {
    book.xid("gpu-0", 8, TRANSIENT, T0);
    assertThat(book.xid("gpu-0", 31, IGNORED, T0)).isEmpty();
    assertThat(shown(book.taints("gpu-0"))).isEqualTo("gpu.nvidia.com/xid=8:NoSchedule");

    assertThat(book.xid("gpu-0", 79, FATAL, T0))
        .get()
        .extracting(HealthChange::cause)
        .isEqualTo("XID 79 (fatal: listed)");
    assertThat(book.xid("gpu-0", 8, TRANSIENT, T0)).isEmpty();
    assertThat(shown(book.taints("gpu-0"))).isEqualTo("gpu.nvidia.com/xid=79:NoSchedule");
  }

  @Test
  @DisplayName(
      "a transient taint goes after a clean period, counted from its last XID; fatal, lost and"
          + " unmonitored stay; a zero period recovers nothing")
  void recovery() {
    book.xid("gpu-0", 8, TRANSIENT, T0);
    book.xid("gpu-1", 79, FATAL, T0);
    book.xid("gpu-2", 31, IGNORED, T0);
    book.lost("gpu-3", T0);
    book.unmonitored("gpu-4", T0);
    book.xid("gpu-0", 8, TRANSIENT, T0.plus(Duration.ofMinutes(5)));

    assertThat(book.recover(T0.plus(PERIOD), Duration.ZERO)).isEmpty();
    assertThat(book.recover(T0.plus(PERIOD), PERIOD))
        .extracting(HealthChange::device)
        .containsExactly("gpu-2");
    List<HealthChange> later = book.recover(T0.plus(Duration.ofMinutes(15)), PERIOD);

    assertThat(later)
        .singleElement()
        .satisfies(c -> {
          assertThat(c.device()).isEqualTo("gpu-0");
          assertThat(c.kind()).isEqualTo(HealthChange.Kind.RECOVERED);
          assertThat(c.cause()).isEqualTo("no further XID for 600 s after XID 8");
        });
    assertThat(book.taints("gpu-0")).isEmpty();
    assertThat(shown(book.taints("gpu-1"))).isEqualTo("gpu.nvidia.com/xid=79:NoSchedule");
    assertThat(shown(book.taints("gpu-3"))).isEqualTo("gpu.nvidia.com/gpu-lost:NoSchedule");
    assertThat(shown(book.taints("gpu-4"))).isEqualTo("gpu.nvidia.com/unmonitored:None");
    assertThat(book.health("gpu-3").status()).isEqualTo(Status.UNHEALTHY);
    assertThat(book.health("gpu-4"))
        .isEqualTo(new DeviceHealth("gpu-4", Status.UNKNOWN, "device health is not monitored"));
  }

  @Test
  @DisplayName(
      "a taint that waits for NVML outlasts quiet periods, beats a later non-fatal XID, and goes"
          + " only once NVML reads recovery action none; a quiet-period taint is not NVML's to lift")
  void recoveryAction() {
    assertThat(book.xid("gpu-0", 48, RESET, T0))
        .get()
        .extracting(HealthChange::cause)
        .isEqualTo("XID 48 (fatal: NVML recovery action GPU_RESET)");
    assertThat(book.xid("gpu-0", 43, NON_FATAL, T0)).isEmpty();
    book.xid("gpu-1", 43, NON_FATAL, T0);
    assertThat(book.recover(T0.plus(PERIOD), PERIOD))
        .extracting(HealthChange::device)
        .containsExactly("gpu-1");
    assertThat(book.awaitingRecovery()).containsExactly("gpu-0");
    assertThat(book.xid("gpu-2", 8, RESET, T0)).isPresent();
    assertThat(book.xid("gpu-2", 79, FATAL, T0)).isPresent();
    assertThat(book.xid("gpu-2", 48, RESET, T0)).isEmpty();

    assertThat(book.recoveredByNvml("gpu-2")).isEmpty();
    assertThat(book.recoveredByNvml("gpu-0"))
        .get()
        .satisfies(c -> {
          assertThat(c.kind()).isEqualTo(HealthChange.Kind.RECOVERED);
          assertThat(c.cause()).isEqualTo("NVML recovery action NONE again after XID 48");
        });
    assertThat(book.taints("gpu-0")).isEmpty();
    assertThat(book.awaitingRecovery()).isEmpty();
    assertThat(book.health("gpu-1")).isEqualTo(new DeviceHealth("gpu-1", Status.HEALTHY, ""));
  }

  @Test
  @DisplayName("a lost GPU is Unhealthy whatever else it holds, and is reported once")
  void lostWins() {
    book.unmonitored("gpu-0", T0);
    book.xid("gpu-0", 31, IGNORED, T0);

    assertThat(book.lost("gpu-0", T0)).isPresent();
    assertThat(book.lost("gpu-0", T0)).isEmpty();
    assertThat(book.health("gpu-0"))
        .isEqualTo(new DeviceHealth("gpu-0", Status.UNHEALTHY, "GPU is lost"));
    assertThat(shown(book.taints("gpu-0")))
        .isEqualTo(
            "gpu.nvidia.com/gpu-lost:NoSchedule,gpu.nvidia.com/unmonitored:None,"
                + "gpu.nvidia.com/xid=31:None");
  }
}
