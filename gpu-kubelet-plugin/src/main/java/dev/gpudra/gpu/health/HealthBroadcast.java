package dev.gpudra.gpu.health;

import dev.gpudra.kit.resourcehealth.DeviceHealth;
import dev.gpudra.kit.resourcehealth.HealthFeed;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/** The kubelet's health feed: the latest list for a new subscriber, then every list published. */
public final class HealthBroadcast implements HealthFeed {
  private final List<Consumer<List<DeviceHealth>>> listeners = new CopyOnWriteArrayList<>();
  private volatile List<DeviceHealth> latest;

  /**
   * @param initial what a subscriber gets before the monitor's first report
   */
  public HealthBroadcast(List<DeviceHealth> initial) {
    this.latest = List.copyOf(initial);
  }

  public void publish(List<DeviceHealth> devices) {
    latest = List.copyOf(devices);
    listeners.forEach(l -> l.accept(latest));
  }

  @Override
  public AutoCloseable subscribe(Consumer<List<DeviceHealth>> listener) {
    listeners.add(listener);
    listener.accept(latest);
    return () -> listeners.remove(listener);
  }
}
