package dev.gpudra.testsupport.deviceplugin;

import dev.gpudra.kit.proto.deviceplugin.v1beta1.AllocateRequest;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.AllocateResponse;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.CDIDevice;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.ContainerAllocateResponse;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.ContainerPreferredAllocationResponse;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.Device;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.DevicePluginGrpc;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.DevicePluginOptions;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.Empty;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.ListAndWatchResponse;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.PreStartContainerRequest;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.PreStartContainerResponse;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.PreferredAllocationRequest;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.PreferredAllocationResponse;
import io.grpc.Status;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.CopyOnWriteArrayList;

/** The example plugin's DevicePlugin service: its devices, its answers and what it was asked. */
final class ExampleService extends DevicePluginGrpc.DevicePluginImplBase {
  private final DevicePluginOptions options;
  private final Map<String, String> health = new ConcurrentSkipListMap<>();
  private final List<StreamObserver<ListAndWatchResponse>> watchers = new CopyOnWriteArrayList<>();
  private final List<AllocateRequest> allocations = new CopyOnWriteArrayList<>();
  private final List<PreferredAllocationRequest> preferences = new CopyOnWriteArrayList<>();
  private final List<PreStartContainerRequest> preStarts = new CopyOnWriteArrayList<>();
  private volatile Status failure = Status.OK;

  ExampleService(List<String> devices, DevicePluginOptions options) {
    this.options = options;
    devices.forEach(d -> health.put(d, "Healthy"));
  }

  DevicePluginOptions options() {
    return options;
  }

  List<AllocateRequest> allocations() {
    return List.copyOf(allocations);
  }

  List<PreferredAllocationRequest> preferences() {
    return List.copyOf(preferences);
  }

  List<PreStartContainerRequest> preStarts() {
    return List.copyOf(preStarts);
  }

  void setHealth(String device, String value) {
    health.put(device, value);
    ListAndWatchResponse list = list();
    watchers.forEach(w -> w.onNext(list));
  }

  ListAndWatchResponse list() {
    ListAndWatchResponse.Builder list = ListAndWatchResponse.newBuilder();
    health.forEach((id, h) -> list.addDevices(Device.newBuilder().setID(id).setHealth(h)));
    return list.build();
  }

  void failCalls(Status status) {
    failure = status;
  }

  void completeStreams() {
    watchers.forEach(StreamObserver::onCompleted);
    watchers.clear();
  }

  @Override
  public void getDevicePluginOptions(Empty request, StreamObserver<DevicePluginOptions> out) {
    out.onNext(options);
    out.onCompleted();
  }

  @Override
  public void listAndWatch(Empty request, StreamObserver<ListAndWatchResponse> out) {
    ((ServerCallStreamObserver<ListAndWatchResponse>) out)
        .setOnCancelHandler(() -> watchers.remove(out));
    watchers.add(out);
    out.onNext(list());
  }

  @Override
  public void getPreferredAllocation(
      PreferredAllocationRequest request, StreamObserver<PreferredAllocationResponse> out) {
    preferences.add(request);
    PreferredAllocationResponse.Builder response = PreferredAllocationResponse.newBuilder();
    request
        .getContainerRequestsList()
        .forEach(c -> {
          List<String> free = c.getAvailableDeviceIDsList();
          response.addContainerResponses(
              ContainerPreferredAllocationResponse.newBuilder()
                  .addAllDeviceIDs(free.subList(free.size() - c.getAllocationSize(), free.size())));
        });
    out.onNext(response.build());
    out.onCompleted();
  }

  @Override
  public void allocate(AllocateRequest request, StreamObserver<AllocateResponse> out) {
    allocations.add(request);
    if (!failure.isOk()) {
      out.onError(failure.asRuntimeException());
      return;
    }
    AllocateResponse.Builder response = AllocateResponse.newBuilder();
    request
        .getContainerRequestsList()
        .forEach(c -> {
          ContainerAllocateResponse.Builder ctr =
              ContainerAllocateResponse.newBuilder()
                  .putEnvs("EXAMPLE_VISIBLE_DEVICES", String.join(",", c.getDevicesIdsList()));
          c.getDevicesIdsList()
              .forEach(
                  id -> ctr.addCdiDevices(CDIDevice.newBuilder().setName("example.com/gpu=" + id)));
          response.addContainerResponses(ctr);
        });
    out.onNext(response.build());
    out.onCompleted();
  }

  @Override
  public void preStartContainer(
      PreStartContainerRequest request, StreamObserver<PreStartContainerResponse> out) {
    preStarts.add(request);
    if (!failure.isOk()) {
      out.onError(failure.asRuntimeException());
      return;
    }
    out.onNext(PreStartContainerResponse.getDefaultInstance());
    out.onCompleted();
  }
}
