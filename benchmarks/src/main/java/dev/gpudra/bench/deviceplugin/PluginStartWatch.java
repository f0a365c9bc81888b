package dev.gpudra.bench.deviceplugin;

import dev.gpudra.bench.PluginProcess;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.Device;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.ListAndWatchResponse;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.RegisterRequest;
import dev.gpudra.testsupport.devicemanager.DeviceManagerStandIn;
import dev.gpudra.testsupport.devicemanager.PluginEndpoint;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * A plugin's start as the device manager stand-in saw it: its first Register (timed on arrival),
 * then the first list on the stream the device manager opened before it answered. The times are
 * taken by the stand-in when each arrives; this only waits for them.
 */
final class PluginStartWatch {
  private static final long POLL_MILLIS = 20;

  private final DeviceManagerStandIn kubelet;
  private final Path log;

  /**
   * @param log the plugin's log, named in every failure
   */
  PluginStartWatch(DeviceManagerStandIn kubelet, Path log) {
    this.kubelet = kubelet;
    this.log = log;
  }

  /**
   * Waits until {@code plugin} has registered and its first list has arrived.
   *
   * @throws PluginStartException the registration was refused, the stream ended before a list, the
   *     process exited first, or {@code timeout} passed
   */
  PluginStart await(PluginProcess plugin, Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (true) {
      Optional<PluginStart> start = started(plugin.spawnedNanos());
      if (start.isPresent()) {
        return start.get();
      }
      if (!kubelet.refusals().isEmpty()) {
        throw failure("the device plugin's registration failed: " + kubelet.refusals().getFirst());
      }
      if (!plugin.isAlive() || System.nanoTime() > deadline) {
        throw failure(
            "the device plugin did not register and list its devices (alive: "
                + plugin.isAlive()
                + ")");
      }
      Thread.sleep(POLL_MILLIS);
    }
  }

  private Optional<PluginStart> started(long spawnedNanos) {
    List<RegisterRequest> registered = kubelet.registrations();
    if (registered.isEmpty()) {
      return Optional.empty();
    }
    PluginEndpoint endpoint = kubelet.registered(registered.getFirst().getResourceName());
    List<ListAndWatchResponse> lists = endpoint.lists();
    if (lists.isEmpty()) {
      if (!endpoint.connected()) {
        throw failure("ListAndWatch ended before its first list");
      }
      return Optional.empty();
    }
    List<Device> devices = lists.getFirst().getDevicesList();
    return Optional.of(
        new PluginStart(
            endpoint.resource(),
            endpoint.registeredNanos() - spawnedNanos,
            endpoint.firstListNanos().orElseThrow() - spawnedNanos,
            devices.stream().map(Device::getID).toList(),
            (int) devices.stream().filter(d -> d.getHealth().equals("Healthy")).count()));
  }

  private PluginStartException failure(String what) {
    return new PluginStartException(what + "; see " + log);
  }
}
