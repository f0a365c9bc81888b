package dev.gpudra.gpu.health;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gpudra.gpu.discovery.DeviceDiscovery;
import dev.gpudra.gpu.discovery.Inventory;
import dev.gpudra.kit.resourcehealth.DeviceHealth;
import dev.gpudra.node.xid.HealthSettings;
import dev.gpudra.nvml.simulated.ProfileLoader;
import dev.gpudra.nvml.simulated.SimulatedNvml;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The monitor's thread on the simulated NVML, when NVML will not watch at all. */
class HealthMonitorIT {
  @Test
  @DisplayName(
      "while NVML makes no event set, every device is unmonitored (Unknown to the kubelet); once it"
          + " does, the taints go and the devices are Healthy")
  void unmonitoredUntilNvmlWatches() {
    SimulatedNvml nvml = new SimulatedNvml(new ProfileLoader().load("dgx-h100"), "n");
    Inventory inventory = new DeviceDiscovery(nvml).discover();
    HealthBook book = new HealthBook();
    List<HealthChange> changes = new CopyOnWriteArrayList<>();
    AtomicReference<List<DeviceHealth>> health = new AtomicReference<>(List.of());
    HealthListener listener =
        new HealthListener() {
          @Override
          public void changed(List<HealthChange> c) {
            changes.addAll(c);
          }

          @Override
          public void health(List<DeviceHealth> devices) {
            health.set(devices);
          }
        };
    nvml.refuseEventSets(true);

    try (HealthMonitor monitor =
        HealthMonitor.start(
            nvml,
            inventory.devices(),
            HealthSettings.defaults(),
            new HealthMonitor.Parts(
                book,
                new HealthMetrics(new PrometheusRegistry(), "n", book),
                listener,
                Clock.systemUTC()))) {
      await()
          .until(() ->
              health.get().size() == 8
                  && health.get().stream()
                      .allMatch(h -> h.status() == DeviceHealth.Status.UNKNOWN));
      assertThat(book.taints("gpu-0"))
          .extracting(t -> t.getKey())
          .containsExactly(HealthTaint.UNMONITORED);

      nvml.refuseEventSets(false);

      await()
          .atMost(Duration.ofSeconds(20))
          .until(
              () -> health.get().stream().allMatch(h -> h.status() == DeviceHealth.Status.HEALTHY));
      assertThat(book.taints("gpu-0")).isEmpty();
      assertThat(changes)
          .filteredOn(c -> c.kind() == HealthChange.Kind.RECOVERED)
          .extracting(HealthChange::device)
          .hasSize(8);
      nvml.injectXid(nvml.gpus().get(3), 79);
      await().until(() -> !book.taints("gpu-3").isEmpty());
    }
  }
}
