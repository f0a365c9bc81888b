package dev.gpudra.localcluster.devicemanager;

import dev.gpudra.kit.proto.deviceplugin.v1beta1.AllocateRequest;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.AllocateResponse;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.ContainerAllocateRequest;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.ContainerPreferredAllocationRequest;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.DevicePluginGrpc;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.DevicePluginOptions;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.Empty;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.ListAndWatchResponse;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.PreferredAllocationRequest;
import io.grpc.Context;
import io.grpc.ManagedChannel;
import io.grpc.stub.StreamObserver;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One registered plugin resource, as the kubelet's endpoint: the channel to the plugin's socket,
 * its options, and the devices with their health as the last ListAndWatch answer listed them. When
 * the stream ends (the plugin stopped), every device is unhealthy until the plugin registers again.
 */
final class PluginEndpoint implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(PluginEndpoint.class);
  private static final long CALL_SECONDS = 10;
  static final String HEALTHY = "Healthy";

  private final String resource;
  private final ManagedChannel channel;
  private final DevicePluginOptions options;
  private final Map<String, Boolean> devices = new LinkedHashMap<>();
  private final Consumer<String> changed;

  /**
   * Asks for the plugin's options and opens ListAndWatch.
   *
   * @param changed told the resource name after every device list and when the stream ends
   */
  PluginEndpoint(String resource, ManagedChannel channel, Consumer<String> changed) {
    this.resource = resource;
    this.channel = channel;
    this.changed = changed;
    this.options =
        DevicePluginGrpc.newBlockingStub(channel)
            .withDeadlineAfter(CALL_SECONDS, TimeUnit.SECONDS)
            .getDevicePluginOptions(Empty.getDefaultInstance());
    // the stream outlives the Register call that opened it, so not in that call's context
    Context.ROOT.run(this::watch);
  }

  DevicePluginOptions options() {
    return options;
  }

  /** Every device ID the plugin listed, in its order. */
  synchronized List<String> all() {
    return List.copyOf(devices.keySet());
  }

  /** The healthy device IDs, in the plugin's order. */
  synchronized List<String> healthy() {
    return devices.entrySet().stream().filter(Map.Entry::getValue).map(Map.Entry::getKey).toList();
  }

  /** GetPreferredAllocation for one container, when the plugin offers it; else empty. */
  List<String> preferred(List<String> available, int size) {
    if (!options.getGetPreferredAllocationAvailable()) {
      return List.of();
    }
    return DevicePluginGrpc.newBlockingStub(channel)
        .withDeadlineAfter(CALL_SECONDS, TimeUnit.SECONDS)
        .getPreferredAllocation(
            PreferredAllocationRequest.newBuilder()
                .addContainerRequests(
                    ContainerPreferredAllocationRequest.newBuilder()
                        .addAllAvailableDeviceIDs(available)
                        .setAllocationSize(size))
                .build())
        .getContainerResponses(0)
        .getDeviceIDsList();
  }

  /** Allocate for one container. */
  AllocateResponse allocate(List<String> ids) {
    return DevicePluginGrpc.newBlockingStub(channel)
        .withDeadlineAfter(CALL_SECONDS, TimeUnit.SECONDS)
        .allocate(
            AllocateRequest.newBuilder()
                .addContainerRequests(ContainerAllocateRequest.newBuilder().addAllDevicesIds(ids))
                .build());
  }

  private void watch() {
    DevicePluginGrpc.newStub(channel)
        .listAndWatch(
            Empty.getDefaultInstance(),
            new StreamObserver<>() {
              @Override
              public void onNext(ListAndWatchResponse list) {
                listed(list);
              }

              @Override
              public void onError(Throwable t) {
                ended("failed: " + t.getMessage());
              }

              @Override
              public void onCompleted() {
                ended("completed");
              }
            });
  }

  private void listed(ListAndWatchResponse list) {
    synchronized (this) {
      devices.clear();
      list.getDevicesList().forEach(d -> devices.put(d.getID(), HEALTHY.equals(d.getHealth())));
    }
    log.debug("{}: {} devices, {} healthy", resource, all().size(), healthy().size());
    changed.accept(resource);
  }

  private void ended(String how) {
    synchronized (this) {
      devices.replaceAll((id, healthy) -> false);
    }
    log.info(
        "{}: ListAndWatch {}; its devices are unhealthy until it registers again", resource, how);
    changed.accept(resource);
  }

  @Override
  public void close() {
    channel.shutdownNow();
  }
}
