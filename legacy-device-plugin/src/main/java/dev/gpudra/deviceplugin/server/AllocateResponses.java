package dev.gpudra.deviceplugin.server;

import dev.gpudra.deviceplugin.config.DeviceListStrategy;
import dev.gpudra.deviceplugin.config.Flags;
import dev.gpudra.deviceplugin.devices.AdvertisedDevice;
import dev.gpudra.deviceplugin.devices.AdvertisedResource;
import dev.gpudra.deviceplugin.devices.SharingKind;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.AllocateRequest;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.AllocateResponse;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.ContainerAllocateRequest;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.ContainerAllocateResponse;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Allocate's answer, per container, as NVIDIA's plugin gives it: the container's devices once each
 * however many of their replicas were given, named by the device ID strategy (UUID or index); then
 * for each device list strategy: CDI names in a {@code cdi.k8s.io/} annotation and/or the CRI's
 * {@code CDIDevices}; unless every strategy is a CDI one, {@code NVIDIA_VISIBLE_DEVICES} (envvar),
 * one {@code /dev/null} mount per device (volume-mounts), device specs ({@code passDeviceSpecs})
 * and {@code NVIDIA_GDRCOPY}/{@code NVIDIA_GDS}/{@code NVIDIA_MOFED} when enabled. An MPS-shared
 * resource's containers get its daemon's pipe and the shm whatever the strategy.
 */
final class AllocateResponses {
  static final String VISIBLE_DEVICES = "NVIDIA_VISIBLE_DEVICES";

  private final AdvertisedResource resource;
  private final Flags flags;
  private final Map<String, AdvertisedDevice> byId;
  private final ContainerEditsForIds edits;

  AllocateResponses(AdvertisedResource resource, Flags flags, NodeDevices node) {
    this.resource = resource;
    this.flags = flags;
    this.byId =
        resource.devices().stream()
            .collect(Collectors.toMap(AdvertisedDevice::id, Function.identity()));
    this.edits = new ContainerEditsForIds(flags, node);
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
    List<AdvertisedDevice> devices = devices(request.getDevicesIdsList());
    List<String> ids = devices.stream().map(this::runtimeId).toList();
    ContainerAllocateResponse.Builder container = ContainerAllocateResponse.newBuilder();
    List<DeviceListStrategy> strategies = flags.plugin().deviceListStrategy();
    if (strategies.stream().anyMatch(DeviceListStrategy::cdi)) {
      edits.cdi(container, ids, strategies);
    }
    if (resource.sharing() == SharingKind.MPS) {
      edits.mps(container, resource.name());
    }
    if (strategies.stream().allMatch(DeviceListStrategy::cdi)) {
      return container.build();
    }
    if (strategies.contains(DeviceListStrategy.ENVVAR)) {
      edits.envvar(container, ids);
    }
    if (strategies.contains(DeviceListStrategy.VOLUME_MOUNTS)) {
      edits.volumeMounts(container, ids);
    }
    if (flags.plugin().passDeviceSpecs()) {
      edits.deviceSpecs(container, devices);
    }
    edits.extras(container);
    return container.build();
  }

  /** The devices behind the requested IDs, each once however many replicas, in request order. */
  private List<AdvertisedDevice> devices(List<String> requested) {
    Map<String, AdvertisedDevice> devices = new LinkedHashMap<>();
    for (String id : requested) {
      AdvertisedDevice device = byId.get(id);
      if (device == null) {
        throw new AllocateRefusedException(
            "unknown device " + id + " for resource '" + resource.name() + "'");
      }
      devices.putIfAbsent(runtimeId(device), device);
    }
    return new ArrayList<>(devices.values());
  }

  private String runtimeId(AdvertisedDevice device) {
    return device.runtimeId(flags.plugin().deviceIdStrategy());
  }
}
