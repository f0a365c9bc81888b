package dev.gpudra.gpu.health;

import dev.gpudra.kit.resourcehealth.DeviceHealth;
import java.util.List;

/** Told by the {@link HealthMonitor}, on its thread. */
public interface HealthListener {

  /** Taints appeared or went away: the slices are to be published again. */
  void changed(List<HealthChange> changes);

  /** The health of every device; sent at least every few seconds while the monitor is alive. */
  void health(List<DeviceHealth> devices);
}
