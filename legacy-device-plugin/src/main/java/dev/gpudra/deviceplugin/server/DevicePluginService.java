package dev.gpudra.deviceplugin.server;

import dev.gpudra.deviceplugin.config.Flags;
import dev.gpudra.deviceplugin.devices.AdvertisedDevice;
import dev.gpudra.deviceplugin.devices.AdvertisedResource;
import dev.gpudra.deviceplugin.proto.v1beta1.AllocateRequest;
import dev.gpudra.deviceplugin.proto.v1beta1.AllocateResponse;
import dev.gpudra.deviceplugin.proto.v1beta1.ContainerPreferredAllocationRequest;
import dev.gpudra.deviceplugin.proto.v1beta1.ContainerPreferredAllocationResponse;
import dev.gpudra.deviceplugin.proto.v1beta1.Device;
import dev.gpudra.deviceplugin.proto.v1beta1.DevicePluginGrpc;
import dev.gpudra.deviceplugin.proto.v1beta1.DevicePluginOptions;
import dev.gpudra.deviceplugin.proto.v1beta1.Empty;
import dev.gpudra.deviceplugin.proto.v1beta1.ListAndWatchResponse;
import dev.gpudra.deviceplugin.proto.v1beta1.NUMANode;
import dev.gpudra.deviceplugin.proto.v1beta1.PreStartContainerRequest;
import dev.gpudra.deviceplugin.proto.v1beta1.PreStartContainerResponse;
import dev.gpudra.deviceplugin.proto.v1beta1.PreferredAllocationRequest;
import dev.gpudra.deviceplugin.proto.v1beta1.PreferredAllocationResponse;
import dev.gpudra.deviceplugin.proto.v1beta1.TopologyInfo;
import io.grpc.Status;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One resource's DevicePlugin service. ListAndWatch sends the whole device list at once and keeps
 * the stream open (the kubelet holds it for the plugin's life); GetPreferredAllocation is
 * advertised for replicas ({@link PreferredAllocation}), not yet for whole GPUs (NVIDIA's NVLink
 * and PCIe scoring needs the GPUs' links, which our NVML port does not read yet).
 */
final class DevicePluginService extends DevicePluginGrpc.DevicePluginImplBase {
  private static final Logger log = LoggerFactory.getLogger(DevicePluginService.class);
  static final String HEALTHY = "Healthy";

  private final AdvertisedResource resource;
  private final AllocateResponses responses;
  private final PreferredAllocation preferred;
  private final Set<StreamObserver<ListAndWatchResponse>> watchers = ConcurrentHashMap.newKeySet();

  DevicePluginService(AdvertisedResource resource, Flags flags, NodeDevices node) {
    this.resource = resource;
    this.responses = new AllocateResponses(resource, flags, node);
    this.preferred =
        new PreferredAllocation(resource, flags.plugin().sharedDevicesAllocationPolicy());
  }

  /** GetPreferredAllocation is offered for replicas; for whole GPUs, once links are known. */
  static DevicePluginOptions options(AdvertisedResource resource) {
    return DevicePluginOptions.newBuilder()
        .setPreStartRequired(false)
        .setGetPreferredAllocationAvailable(resource.preferredAllocation())
        .build();
  }

  @Override
  public void getDevicePluginOptions(Empty request, StreamObserver<DevicePluginOptions> out) {
    out.onNext(options(resource));
    out.onCompleted();
  }

  @Override
  public void listAndWatch(Empty request, StreamObserver<ListAndWatchResponse> out) {
    watchers.add(out);
    if (out instanceof ServerCallStreamObserver<ListAndWatchResponse> call) {
      call.setOnCancelHandler(() -> watchers.remove(out));
    }
    out.onNext(devices());
    log.info("{}: ListAndWatch sent {} devices", resource.name(), resource.devices().size());
  }

  private ListAndWatchResponse devices() {
    ListAndWatchResponse.Builder list = ListAndWatchResponse.newBuilder();
    for (AdvertisedDevice device : resource.devices()) {
      Device.Builder entry = Device.newBuilder().setID(device.id()).setHealth(HEALTHY);
      device
          .numaNode()
          .ifPresent(n -> entry.setTopology(TopologyInfo.newBuilder().addNodes(numa(n))));
      list.addDevices(entry);
    }
    return list.build();
  }

  private static NUMANode numa(int id) {
    return NUMANode.newBuilder().setID(id).build();
  }

  @Override
  public void allocate(AllocateRequest request, StreamObserver<AllocateResponse> out) {
    try {
      out.onNext(responses.allocate(request));
      out.onCompleted();
    } catch (AllocateRefusedException e) {
      log.warn("{}: Allocate refused: {}", resource.name(), e.getMessage());
      out.onError(Status.INVALID_ARGUMENT.withDescription(e.getMessage()).asRuntimeException());
    }
  }

  @Override
  public void getPreferredAllocation(
      PreferredAllocationRequest request, StreamObserver<PreferredAllocationResponse> out) {
    if (!resource.preferredAllocation()) {
      out.onError(
          Status.UNIMPLEMENTED
              .withDescription(
                  "GetPreferredAllocation is not advertised for " + resource.name() + " yet")
              .asRuntimeException());
      return;
    }
    try {
      PreferredAllocationResponse.Builder response = PreferredAllocationResponse.newBuilder();
      for (ContainerPreferredAllocationRequest container : request.getContainerRequestsList()) {
        response.addContainerResponses(
            ContainerPreferredAllocationResponse.newBuilder()
                .addAllDeviceIDs(
                    preferred.choose(
                        container.getAvailableDeviceIDsList(),
                        container.getMustIncludeDeviceIDsList(),
                        container.getAllocationSize())));
      }
      out.onNext(response.build());
      out.onCompleted();
    } catch (AllocateRefusedException e) {
      out.onError(Status.INVALID_ARGUMENT.withDescription(e.getMessage()).asRuntimeException());
    }
  }

  @Override
  public void preStartContainer(
      PreStartContainerRequest request, StreamObserver<PreStartContainerResponse> out) {
    out.onNext(PreStartContainerResponse.getDefaultInstance());
    out.onCompleted();
  }

  /** Ends every ListAndWatch stream (the plugin stops). */
  void close() {
    watchers.forEach(StreamObserver::onCompleted);
    watchers.clear();
  }
}
