package dev.gpudra.deviceplugin.server;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;

/**
 * Whether the plugin serves, over the servers that run now (a reconfiguration stops them and starts
 * others): serving while every running one has its sockets in place ({@link
 * DevicePluginServers#serving}), and while none runs (the plugin waiting for its MPS daemons, or
 * idle without NVML, is not broken).
 */
public final class ServingSockets implements BooleanSupplier {
  private final Set<Tracked> running = ConcurrentHashMap.newKeySet();

  /** One tracked set of servers; {@link #close} stops tracking it. */
  public final class Tracked implements AutoCloseable {
    private final BooleanSupplier serving;

    private Tracked(BooleanSupplier serving) {
      this.serving = serving;
    }

    @Override
    public void close() {
      running.remove(this);
    }
  }

  /**
   * @param serving whether the servers' sockets are in place, e.g. {@code servers::serving}
   */
  public Tracked track(BooleanSupplier serving) {
    Tracked tracked = new Tracked(serving);
    running.add(tracked);
    return tracked;
  }

  @Override
  public boolean getAsBoolean() {
    return running.stream().allMatch(t -> t.serving.getAsBoolean());
  }
}
