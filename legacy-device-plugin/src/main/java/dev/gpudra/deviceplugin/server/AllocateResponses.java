package dev.gpudra.deviceplugin.server;

import dev.gpudra.deviceplugin.config.DeviceIdStrategy;
import dev.gpudra.deviceplugin.config.Flags;
import dev.gpudra.deviceplugin.devices.AdvertisedDevice;
import dev.gpudra.deviceplugin.devices.AdvertisedResource;
import dev.gpudra.deviceplugin.proto.v1beta1.AllocateRequest;
import dev.gpudra.deviceplugin.proto.v1beta1.AllocateResponse;
import dev.gpudra.deviceplugin.proto.v1beta1.ContainerAllocateRequest;
import dev.gpudra.deviceplugin.proto.v1beta1.ContainerAllocateResponse;
import dev.gpudra.nvml.GpuInfo;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Allocate's answer with the {@code envvar} strategy: per container, {@code NVIDIA_VISIBLE_DEVICES}
 * with its GPUs' UUIDs (or indices), each GPU once however many of its replicas were given; {@code
 * NVIDIA_GDRCOPY}, {@code NVIDIA_GDS}, {@code NVIDIA_MOFED} when enabled.
 */
final class AllocateResponses {
  static final String VISIBLE_DEVICES = "NVIDIA_VISIBLE_DEVICES";

  private final AdvertisedResource resource;
  private final Flags flags;
  private final Map<String, AdvertisedDevice> byId;

  AllocateResponses(AdvertisedResource resource, Flags flags) {
    this.resource = resource;
    this.flags = flags;
    this.byId =
        resource.devices().stream()
            .collect(Collectors.toMap(AdvertisedDevice::id, Function.identity()));
  }

  /**
   * @throws AllocateRefusedException naming the device or the rule a container breaks
   */
  AllocateResponse allocate(AllocateRequest request) {
    AllocateResponse.Builder response = AllocateResponse.newBuilder();
    for (ContainerAllocateRequest container : request.getContainerRequestsList()) {
      response.addContainerResponses(container(container));
    }
    return response.build();
  }

  private ContainerAllocateResponse container(ContainerAllocateRequest request) {
    if (resource.shared()
        && resource.failRequestsGreaterThanOne()
        && request.getDevicesIdsCount() > 1) {
      throw new AllocateRefusedException(
          "request for '" + resource.name() + "': maximum request size for shared resources is 1");
    }
    Map<String, GpuInfo> gpus = new LinkedHashMap<>();
    for (String id : request.getDevicesIdsList()) {
      AdvertisedDevice device = byId.get(id);
      if (device == null) {
        throw new AllocateRefusedException(
            "unknown device " + id + " for resource '" + resource.name() + "'");
      }
      gpus.putIfAbsent(device.gpu().uuid(), device.gpu());
    }
    String visible =
        gpus.values().stream()
            .map(g ->
                flags.plugin().deviceIdStrategy() == DeviceIdStrategy.INDEX
                    ? String.valueOf(g.index())
                    : g.uuid())
            .collect(Collectors.joining(","));
    ContainerAllocateResponse.Builder container =
        ContainerAllocateResponse.newBuilder().putEnvs(VISIBLE_DEVICES, visible);
    if (flags.gdrcopyEnabled()) {
      container.putEnvs("NVIDIA_GDRCOPY", "enabled");
    }
    if (flags.gdsEnabled()) {
      container.putEnvs("NVIDIA_GDS", "enabled");
    }
    if (flags.mofedEnabled()) {
      container.putEnvs("NVIDIA_MOFED", "enabled");
    }
    return container.build();
  }
}
