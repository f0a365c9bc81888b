package dev.gpudra.deviceplugin.health;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.simulated.ProfileLoader;
import dev.gpudra.nvml.simulated.SimulatedNvml;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The monitor's thread on the simulated NVML, its clock moved by hand. */
class DeviceHealthMonitorTest {
  /** A transient XID (a GPU timeout), as in the DRA plugin's health tests. */
  private static final long TRANSIENT = 8;

  private static final long FALLEN_OFF_THE_BUS = 79;
  private static final Duration RECOVERY = HealthCheckSettings.DEFAULT_RECOVERY;

  private final SimulatedNvml nvml =
      new SimulatedNvml(new ProfileLoader().load("dgx-h100"), "node-a");
  private final List<GpuInfo> gpus = nvml.gpus();
  private final HandClock clock = new HandClock();
  private final List<HealthSnapshot> heard = new CopyOnWriteArrayList<>();
  private DeviceHealthMonitor monitor;

  /** A clock that moves only when told. */
  static final class HandClock implements InstantSource {
    private volatile Instant now = Instant.parse("2026-01-01T00:00:00Z");

    @Override
    public Instant instant() {
      return now;
    }

    void advance(Duration by) {
      now = now.plus(by);
    }
  }

  @AfterEach
  void stop() {
    if (monitor != null) {
      monitor.close();
    }
    nvml.close();
  }

  private DeviceHealthMonitor start(HealthCheckSettings settings) {
    monitor =
        DeviceHealthMonitor.start(gpus, nvml::watchXids, settings, clock, Duration.ofMillis(20));
    monitor.subscribe(heard::add);
    return monitor;
  }

  private String uuid(int index) {
    return gpus.get(index).uuid();
  }

  /** Injects a transient XID on {@code gpu} and waits until the monitor has acted on it. */
  private void passThrough(int gpu) {
    int before = heard.size();
    nvml.injectXid(gpus.get(gpu), TRANSIENT);
    await().until(() -> heard.size() > before);
  }

  @Test
  @DisplayName("XID 79 makes its GPU Unhealthy, the others stay Healthy; subscribers hear of it")
  void fatalXid() {
    start(HealthCheckSettings.defaults());

    nvml.injectXid(gpus.get(2), FALLEN_OFF_THE_BUS);

    await().until(() -> !heard.isEmpty());
    assertThat(heard).containsExactly(new HealthSnapshot(Set.of(uuid(2))));
    assertThat(monitor.current().healthy(uuid(2))).isFalse();
    assertThat(monitor.current().healthy(uuid(3))).isTrue();
  }

  @Test
  @DisplayName("an ignored XID (13, an application error) changes nothing")
  void ignoredXid() {
    start(HealthCheckSettings.defaults());

    nvml.injectXid(gpus.get(0), 13);
    passThrough(1); // acted on after the 13

    assertThat(heard).containsExactly(new HealthSnapshot(Set.of(uuid(1))));
  }

  @Test
  @DisplayName(
      "a transient XID: Healthy again once clean for the recovery period; another XID starts the"
          + " period over")
  void recovery() {
    start(HealthCheckSettings.defaults());
    passThrough(0); // at 0

    clock.advance(RECOVERY.dividedBy(2));
    nvml.injectXid(gpus.get(0), TRANSIENT); // the period starts over
    passThrough(5); // both at half a period
    clock.advance(RECOVERY.dividedBy(2));
    passThrough(6); // a pass a full period after GPU 0's first XID
    clock.advance(RECOVERY.dividedBy(2));

    await().until(() -> monitor.current().healthy(uuid(0)));
    assertThat(heard)
        .containsExactly(
            new HealthSnapshot(Set.of(uuid(0))),
            new HealthSnapshot(Set.of(uuid(0), uuid(5))),
            new HealthSnapshot(Set.of(uuid(0), uuid(5), uuid(6))),
            new HealthSnapshot(Set.of(uuid(6))));
  }

  @Test
  @DisplayName("a fatal XID is for good: no recovery, and a later transient XID does not weaken it")
  void neverRecovers() {
    start(HealthCheckSettings.defaults());
    nvml.injectXid(gpus.get(4), FALLEN_OFF_THE_BUS);
    await().until(() -> !monitor.current().healthy(uuid(4)));

    nvml.injectXid(gpus.get(4), TRANSIENT);
    clock.advance(RECOVERY.multipliedBy(6));
    passThrough(6);

    clock.advance(RECOVERY.multipliedBy(2));
    await().until(() -> monitor.current().healthy(uuid(6)));
    assertThat(monitor.current().unhealthy()).containsExactly(uuid(4));
  }

  @Test
  @DisplayName("a zero recovery period is NVIDIA's: a transient XID is for good too")
  void zeroRecovery() {
    start(HealthCheckSettings.defaults().withRecovery(Duration.ZERO));
    passThrough(1);

    clock.advance(Duration.ofDays(1));
    passThrough(2);
    passThrough(3); // the pass after the one a day later

    assertThat(heard)
        .containsExactly(
            new HealthSnapshot(Set.of(uuid(1))),
            new HealthSnapshot(Set.of(uuid(1), uuid(2))),
            new HealthSnapshot(Set.of(uuid(1), uuid(2), uuid(3))));
  }

  @Test
  @DisplayName("a GPU NVML will not watch is Unhealthy from the start, as NVIDIA's")
  void unwatched() {
    nvml.refuseXidEvents(gpus.get(7));

    start(HealthCheckSettings.defaults());

    assertThat(monitor.current().unhealthy()).containsExactly(uuid(7));
    clock.advance(RECOVERY.multipliedBy(2));
    passThrough(0);
    assertThat(monitor.current().unhealthy()).contains(uuid(7));
  }

  @Test
  @DisplayName("DP_DISABLE_HEALTHCHECKS=all: NVML is not watched, nothing changes")
  void disabled() {
    nvml.refuseXidEvents(gpus.get(7));
    start(HealthCheckSettings.parse("all", null));

    nvml.injectXid(gpus.get(0), FALLEN_OFF_THE_BUS);
    nvml.injectXid(gpus.get(1), TRANSIENT);

    await()
        .during(Duration.ofMillis(300))
        .atMost(Duration.ofSeconds(2))
        .until(() -> monitor.current().unhealthy().isEmpty() && heard.isEmpty());
  }

  @Test
  @DisplayName("DP_DISABLE_HEALTHCHECKS=all with DP_ENABLE_HEALTHCHECKS=79: only 79 counts")
  void disabledButForced() {
    start(HealthCheckSettings.parse("all", "79"));

    nvml.injectXid(gpus.get(0), TRANSIENT);
    nvml.injectXid(gpus.get(1), FALLEN_OFF_THE_BUS);

    await().until(() -> !heard.isEmpty());
    assertThat(heard).containsExactly(new HealthSnapshot(Set.of(uuid(1))));
  }

  @Test
  @DisplayName("a lost GPU fails the wait: every GPU Unhealthy for good, as NVIDIA's")
  void lostGpu() {
    start(HealthCheckSettings.defaults());

    nvml.loseGpu(gpus.get(3));

    await().until(() -> monitor.current().unhealthy().size() == gpus.size());
    assertThat(heard).hasSize(1);
  }

  @Test
  @DisplayName("an NVML that makes no event set leaves health checks off, as NVIDIA's")
  void noEventSets() {
    nvml.refuseEventSets(true);

    start(HealthCheckSettings.defaults());

    assertThat(monitor.current()).isEqualTo(HealthSnapshot.ALL_HEALTHY);
  }

  @Test
  @DisplayName("a closed subscription hears nothing more")
  void unsubscribe() {
    start(HealthCheckSettings.defaults());
    List<HealthSnapshot> other = new CopyOnWriteArrayList<>();
    monitor.subscribe(other::add).close();

    passThrough(0);

    assertThat(other).isEmpty();
  }
}
