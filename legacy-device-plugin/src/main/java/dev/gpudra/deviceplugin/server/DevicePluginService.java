package dev.gpudra.deviceplugin.server;

import dev.gpudra.deviceplugin.config.Flags;
import dev.gpudra.deviceplugin.devices.AdvertisedDevice;
import dev.gpudra.deviceplugin.devices.AdvertisedResource;
import dev.gpudra.deviceplugin.health.HealthSnapshot;
import dev.gpudra.deviceplugin.health.HealthSource;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.AllocateRequest;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.AllocateResponse;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.ContainerPreferredAllocationRequest;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.ContainerPreferredAllocationResponse;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.Device;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.DevicePluginGrpc;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.DevicePluginOptions;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.Empty;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.ListAndWatchResponse;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.NUMANode;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.PreStartContainerRequest;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.PreStartContainerResponse;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.PreferredAllocationRequest;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.PreferredAllocationResponse;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.TopologyInfo;
import io.grpc.Status;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One resource's DevicePlugin service. ListAndWatch sends the whole device list with each device's
 * health (a replica's is its GPU's) and keeps the stream open (the kubelet holds it for the
 * plugin's life), sending the whole list again on every open stream whenever the health source
 * tells of a change; GetPreferredAllocation is advertised for replicas and MIG devices ({@link
 * PreferredAllocation}) and for whole GPUs whose links were read at start ({@link
 * WholeGpuPreference}, NVIDIA's NVLink and PCIe scoring).
 */
final class DevicePluginService extends DevicePluginGrpc.DevicePluginImplBase {
  private static final Logger log = LoggerFactory.getLogger(DevicePluginService.class);
  static final String HEALTHY = "Healthy";
  static final String UNHEALTHY = "Unhealthy";

  private final AdvertisedResource resource;
  private final AllocateResponses responses;
  private final DevicePreference preferred;
  private final Set<StreamObserver<ListAndWatchResponse>> watchers = ConcurrentHashMap.newKeySet();
  private final HealthSource health;
  private final HealthSource.Subscription subscription;

  DevicePluginService(
      AdvertisedResource resource, Flags flags, NodeDevices node, HealthSource health) {
    this.resource = resource;
    this.health = health;
    this.responses = new AllocateResponses(resource, flags, node);
    this.preferred =
        resource
            .links()
            .<DevicePreference>map(links -> new WholeGpuPreference(resource, links))
            .orElseGet(() ->
                new PreferredAllocation(resource, flags.plugin().sharedDevicesAllocationPolicy()));
    this.subscription = health.subscribe(this::resend); // last: it may call back at once
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

  /**
   * Sends under the service's lock, so that a stream's lists go out in the order of the health they
   * were made from, and never two at once.
   */
  @Override
  public void listAndWatch(Empty request, StreamObserver<ListAndWatchResponse> out) {
    if (out instanceof ServerCallStreamObserver<ListAndWatchResponse> call) {
      call.setOnCancelHandler(() -> watchers.remove(out));
    }
    synchronized (this) {
      watchers.add(out);
      out.onNext(devices(health.current()));
    }
    log.info("{}: ListAndWatch sent {} devices", resource.name(), resource.devices().size());
  }

  /** The GPUs' health changed: every open stream gets the whole list again. */
  private synchronized void resend(HealthSnapshot now) {
    ListAndWatchResponse list = devices(now);
    for (StreamObserver<ListAndWatchResponse> out : watchers) {
      try {
        out.onNext(list);
      } catch (RuntimeException e) {
        log.debug("{}: a ListAndWatch stream is gone: {}", resource.name(), e.getMessage());
        watchers.remove(out);
      }
    }
    long unhealthy =
        list.getDevicesList().stream().filter(d -> d.getHealth().equals(UNHEALTHY)).count();
    log.info(
        "{}: ListAndWatch sent {} devices again ({} Unhealthy) to {} streams",
        resource.name(),
        list.getDevicesCount(),
        unhealthy,
        watchers.size());
  }

  private ListAndWatchResponse devices(HealthSnapshot now) {
    ListAndWatchResponse.Builder list = ListAndWatchResponse.newBuilder();
    for (AdvertisedDevice device : resource.devices()) {
      String state = now.healthy(device.gpu().uuid()) ? HEALTHY : UNHEALTHY;
      Device.Builder entry = Device.newBuilder().setID(device.id()).setHealth(state);
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
  synchronized void close() {
    subscription.close();
    endStreams();
  }

  /** Ends every open ListAndWatch stream; the service goes on serving new ones. */
  synchronized void endStreams() {
    for (StreamObserver<ListAndWatchResponse> out : watchers) {
      try {
        out.onCompleted();
      } catch (RuntimeException e) {
        log.debug("{}: a ListAndWatch stream is gone: {}", resource.name(), e.getMessage());
      }
    }
    watchers.clear();
  }
}
