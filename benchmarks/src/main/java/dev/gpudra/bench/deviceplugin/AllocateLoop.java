package dev.gpudra.bench.deviceplugin;

import dev.gpudra.bench.LatencyStats;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.AllocateRequest;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.AllocateResponse;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.ContainerAllocateRequest;
import java.util.List;
import java.util.Objects;

/**
 * Sequential Allocate calls of one device each, rotating over the listed devices, as the kubelet
 * makes them for one-GPU containers. Each call to the plugin is followed by the same request to the
 * floor, so both are timed at the same moments of a noisy machine.
 */
final class AllocateLoop {
  private final AllocateCall plugin;
  private final AllocateCall floor;
  private final List<String> devices;

  AllocateLoop(AllocateCall plugin, AllocateCall floor, List<String> devices) {
    this.plugin = Objects.requireNonNull(plugin, "plugin");
    this.floor = Objects.requireNonNull(floor, "floor");
    this.devices = List.copyOf(devices);
    if (this.devices.isEmpty()) {
      throw new IllegalArgumentException("no devices to allocate");
    }
  }

  /** The plugin's answer for the first device: what the floor should answer with. */
  AllocateResponse first() {
    return checked(plugin.allocate(request(0)), 0);
  }

  /** {@code warmup} untimed rounds, then {@code timed} timed ones. */
  AllocateLatencies run(int warmup, int timed) {
    for (int i = 0; i < warmup; i++) {
      checked(plugin.allocate(request(i)), i);
      floor.allocate(request(i));
    }
    long[] pluginNanos = new long[timed];
    long[] floorNanos = new long[timed];
    for (int i = 0; i < timed; i++) {
      AllocateRequest request = request(i);
      long start = System.nanoTime();
      AllocateResponse response = plugin.allocate(request);
      pluginNanos[i] = System.nanoTime() - start;
      checked(response, i);
      start = System.nanoTime();
      floor.allocate(request);
      floorNanos[i] = System.nanoTime() - start;
    }
    return new AllocateLatencies(LatencyStats.of(pluginNanos), LatencyStats.of(floorNanos));
  }

  /** One container asking for the {@code i}-th device, modulo the list. */
  AllocateRequest request(int i) {
    return AllocateRequest.newBuilder()
        .addContainerRequests(
            ContainerAllocateRequest.newBuilder().addDevicesIds(devices.get(i % devices.size())))
        .build();
  }

  /**
   * An answer for another number of containers, or one that gives the container nothing, means the
   * plugin misread the request: the figures would not be of an allocation.
   */
  private AllocateResponse checked(AllocateResponse response, int i) {
    if (response.getContainerResponsesCount() == 1
        && response.getContainerResponses(0).getSerializedSize() == 0) {
      throw new IllegalStateException(
          "Allocate of " + devices.get(i % devices.size()) + " gave the container nothing");
    }
    if (response.getContainerResponsesCount() != 1) {
      throw new IllegalStateException(
          "Allocate of "
              + devices.get(i % devices.size())
              + " answered for "
              + response.getContainerResponsesCount()
              + " containers, not 1");
    }
    return response;
  }
}
