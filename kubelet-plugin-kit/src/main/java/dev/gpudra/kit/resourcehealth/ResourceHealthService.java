package dev.gpudra.kit.resourcehealth;

import dev.gpudra.kit.proto.health.v1alpha1.DRAResourceHealthGrpc;
import dev.gpudra.kit.proto.health.v1alpha1.DeviceIdentifier;
import dev.gpudra.kit.proto.health.v1alpha1.HealthStatus;
import dev.gpudra.kit.proto.health.v1alpha1.NodeWatchResourcesRequest;
import dev.gpudra.kit.proto.health.v1alpha1.NodeWatchResourcesResponse;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import java.time.Clock;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Serves {@code NodeWatchResources}: one kubelet stream per subscription of the feed. */
public final class ResourceHealthService extends DRAResourceHealthGrpc.DRAResourceHealthImplBase
    implements AutoCloseable {
  /** The registration string the kubelet looks for in {@code supported_versions}. */
  public static final String SERVICE_ID = "v1alpha1.DRAResourceHealth";

  /** The kubelet truncates longer messages; we send at most this many characters. */
  static final int MAX_MESSAGE = 1024;

  private static final Logger log = LoggerFactory.getLogger(ResourceHealthService.class);

  private final String pool;
  private final HealthFeed feed;
  private final Clock clock;
  private final Set<Stream> open = new HashSet<>();
  private boolean closed;

  /**
   * @param pool the pool every device is in (the node's name)
   */
  public ResourceHealthService(String pool, HealthFeed feed, Clock clock) {
    this.pool = Objects.requireNonNull(pool, "pool");
    this.feed = Objects.requireNonNull(feed, "feed");
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  @Override
  public void nodeWatchResources(
      NodeWatchResourcesRequest request, StreamObserver<NodeWatchResourcesResponse> response) {
    Stream stream = new Stream((ServerCallStreamObserver<NodeWatchResourcesResponse>) response);
    stream.call.setOnCancelHandler(stream::end);
    synchronized (this) {
      if (closed) {
        response.onCompleted();
        return;
      }
      open.add(stream);
    }
    stream.subscription = feed.subscribe(stream::send);
    if (stream.ended()) {
      stream.unsubscribe(); // cancelled while subscribing
    }
    log.debug("kubelet opened a device health stream");
  }

  /** Ends every open stream: the kubelet opens a new one when the plugin is back. */
  @Override
  public void close() {
    List<Stream> streams;
    synchronized (this) {
      closed = true;
      streams = List.copyOf(open);
      open.clear();
    }
    streams.forEach(Stream::complete);
  }

  /** One kubelet stream and its feed subscription. */
  private final class Stream {
    private final ServerCallStreamObserver<NodeWatchResourcesResponse> call;
    private volatile AutoCloseable subscription;
    private boolean ended;

    Stream(ServerCallStreamObserver<NodeWatchResourcesResponse> call) {
      this.call = call;
    }

    synchronized boolean ended() {
      return ended;
    }

    synchronized void send(List<DeviceHealth> devices) {
      if (!ended && !call.isCancelled()) {
        call.onNext(response(devices));
      }
    }

    /** The kubelet went away. */
    void end() {
      synchronized (this) {
        ended = true;
      }
      unsubscribe();
      synchronized (ResourceHealthService.this) {
        open.remove(this);
      }
    }

    /** The plugin stops. */
    void complete() {
      synchronized (this) {
        if (ended) {
          return;
        }
        ended = true;
        call.onCompleted();
      }
      unsubscribe();
    }

    void unsubscribe() {
      AutoCloseable current = subscription;
      if (current == null) {
        return;
      }
      try {
        current.close();
      } catch (Exception e) {
        log.warn("cannot end a device health subscription", e);
      }
    }
  }

  NodeWatchResourcesResponse response(List<DeviceHealth> devices) {
    long now = clock.instant().getEpochSecond();
    NodeWatchResourcesResponse.Builder out = NodeWatchResourcesResponse.newBuilder();
    for (DeviceHealth device : devices) {
      String message = device.message();
      out.addDevicesBuilder()
          .setDevice(DeviceIdentifier.newBuilder().setPoolName(pool).setDeviceName(device.device()))
          .setHealth(status(device.status()))
          .setLastUpdatedTime(now)
          .setMessage(message.length() > MAX_MESSAGE ? message.substring(0, MAX_MESSAGE) : message);
    }
    return out.build();
  }

  private static HealthStatus status(DeviceHealth.Status status) {
    return switch (status) {
      case HEALTHY -> HealthStatus.HEALTHY;
      case UNHEALTHY -> HealthStatus.UNHEALTHY;
      case UNKNOWN -> HealthStatus.UNKNOWN;
    };
  }
}
