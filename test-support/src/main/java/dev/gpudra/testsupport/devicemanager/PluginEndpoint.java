package dev.gpudra.testsupport.devicemanager;

import dev.gpudra.kit.proto.deviceplugin.v1beta1.AllocateRequest;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.AllocateResponse;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.ContainerAllocateRequest;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.ContainerPreferredAllocationRequest;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.DevicePluginGrpc;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.DevicePluginOptions;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.Empty;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.ListAndWatchResponse;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.PreStartContainerRequest;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.PreferredAllocationRequest;
import io.grpc.Context;
import io.grpc.ManagedChannel;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * One registered plugin resource, as the kubelet's endpoint: the channel to the plugin's socket,
 * the options GetDevicePluginOptions gave, every ListAndWatch answer, and the devices with their
 * health as the last answer listed them. When the stream ends (the plugin stopped), every device is
 * unhealthy until the plugin registers again. Its calls are the kubelet's: one container per
 * request, with a deadline.
 */
public final class PluginEndpoint implements AutoCloseable {
  private static final long CALL_SECONDS = 10;

  /** The kubelet's deadline for PreStartContainer. */
  private static final long PRE_START_SECONDS = 30;

  static final String HEALTHY = "Healthy";

  private final String resource;
  private final ManagedChannel channel;
  private final long registeredNanos;
  private final DevicePluginOptions options;
  private final Map<String, Boolean> devices = new LinkedHashMap<>();
  private final List<ListAndWatchResponse> lists = new CopyOnWriteArrayList<>();
  private final StreamEvents events;
  private volatile long firstListNanos;
  private volatile boolean connected = true;
  private volatile boolean closed;

  /** What the endpoint tells its device manager: lists and stream ends, and stream errors. */
  record StreamEvents(Consumer<String> changed, Consumer<Throwable> failed) {}

  /**
   * Asks for the plugin's options and opens ListAndWatch.
   *
   * @param registeredNanos when the plugin's Register arrived ({@link System#nanoTime()})
   */
  PluginEndpoint(
      String resource, ManagedChannel channel, long registeredNanos, StreamEvents events) {
    this.resource = resource;
    this.channel = channel;
    this.registeredNanos = registeredNanos;
    this.events = events;
    this.options =
        DevicePluginGrpc.newBlockingStub(channel)
            .withDeadlineAfter(CALL_SECONDS, TimeUnit.SECONDS)
            .getDevicePluginOptions(Empty.getDefaultInstance());
    // the stream outlives the Register call that opened it, so not in that call's context
    Context.ROOT.run(() ->
        DevicePluginGrpc.newStub(channel)
            .listAndWatch(Empty.getDefaultInstance(), new ListObserver(this)));
  }

  public String resource() {
    return resource;
  }

  /** What GetDevicePluginOptions answered when the plugin registered. */
  public DevicePluginOptions options() {
    return options;
  }

  /** Every ListAndWatch answer on this connection, in order. */
  public List<ListAndWatchResponse> lists() {
    return List.copyOf(lists);
  }

  /** When the plugin's Register arrived ({@link System#nanoTime()}). */
  public long registeredNanos() {
    return registeredNanos;
  }

  /** When the first ListAndWatch answer arrived ({@link System#nanoTime()}); empty before. */
  public OptionalLong firstListNanos() {
    long first = firstListNanos;
    return first == 0 ? OptionalLong.empty() : OptionalLong.of(first);
  }

  /** False once ListAndWatch ended: the plugin stopped or dropped the stream. */
  public boolean connected() {
    return connected;
  }

  /** Every device ID the plugin listed, in its order. */
  public synchronized List<String> all() {
    return List.copyOf(devices.keySet());
  }

  /** The healthy device IDs, in the plugin's order. */
  public synchronized List<String> healthy() {
    return devices.entrySet().stream().filter(Map.Entry::getValue).map(Map.Entry::getKey).toList();
  }

  /**
   * GetPreferredAllocation for one container, as the kubelet asks it.
   *
   * @param available the devices the kubelet may hand out
   * @param mustInclude the devices the container holds already
   */
  public List<String> preferred(List<String> available, List<String> mustInclude, int size) {
    return DevicePluginGrpc.newBlockingStub(channel)
        .withDeadlineAfter(CALL_SECONDS, TimeUnit.SECONDS)
        .getPreferredAllocation(
            PreferredAllocationRequest.newBuilder()
                .addContainerRequests(
                    ContainerPreferredAllocationRequest.newBuilder()
                        .addAllAvailableDeviceIDs(available)
                        .addAllMustIncludeDeviceIDs(mustInclude)
                        .setAllocationSize(size))
                .build())
        .getContainerResponses(0)
        .getDeviceIDsList();
  }

  /** Allocate for one container asking for {@code ids}. */
  public AllocateResponse allocate(List<String> ids) {
    return allocate(
        AllocateRequest.newBuilder()
            .addContainerRequests(ContainerAllocateRequest.newBuilder().addAllDevicesIds(ids))
            .build());
  }

  /** Allocate with a request as given: for callers that build and time their own requests. */
  public AllocateResponse allocate(AllocateRequest request) {
    return DevicePluginGrpc.newBlockingStub(channel)
        .withDeadlineAfter(CALL_SECONDS, TimeUnit.SECONDS)
        .allocate(request);
  }

  /** PreStartContainer for one container's devices, as the kubelet calls it before the start. */
  public void preStart(List<String> ids) {
    DevicePluginGrpc.newBlockingStub(channel)
        .withDeadlineAfter(PRE_START_SECONDS, TimeUnit.SECONDS)
        .preStartContainer(PreStartContainerRequest.newBuilder().addAllDevicesIds(ids).build());
  }

  void listed(ListAndWatchResponse list) {
    synchronized (this) {
      devices.clear();
      list.getDevicesList().forEach(d -> devices.put(d.getID(), HEALTHY.equals(d.getHealth())));
    }
    if (firstListNanos == 0) {
      firstListNanos = System.nanoTime();
    }
    lists.add(list);
    events.changed().accept(resource);
  }

  void ended(Throwable error) {
    synchronized (this) {
      devices.replaceAll((id, healthy) -> false);
    }
    connected = false;
    if (error != null && !closed) {
      events.failed().accept(error);
    }
    events.changed().accept(resource);
  }

  /** Closes the channel; the stream's end that follows is ours, not the plugin's error. */
  @Override
  public void close() {
    closed = true;
    channel.shutdownNow();
  }
}
