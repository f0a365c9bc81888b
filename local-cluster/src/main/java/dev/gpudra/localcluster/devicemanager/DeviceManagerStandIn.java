package dev.gpudra.localcluster.devicemanager;

import dev.gpudra.kit.grpc.UnixSocketServer;
import dev.gpudra.kit.grpc.UnixSocketTransport;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.AllocateResponse;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.Empty;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.RegisterRequest;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.RegistrationGrpc;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.StreamObserver;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The kubelet's device manager on one node (see the package): Registration on {@code
 * <dir>/kubelet.sock}, one {@link PluginEndpoint} per registered resource, the node's capacity and
 * allocatable, and the devices each running pod's containers hold.
 */
public final class DeviceManagerStandIn implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(DeviceManagerStandIn.class);
  public static final String SOCKET = "kubelet.sock";
  private static final String VERSION = "v1beta1";

  private final Path dir;
  private final String nodeName;
  private final NodeResources node;
  private final UnixSocketTransport transport = new UnixSocketTransport(2);
  private final UnixSocketServer server;
  private final Map<String, PluginEndpoint> endpoints = new ConcurrentHashMap<>();
  private final DeviceAssignments assignments = new DeviceAssignments();
  private final ExecutorService statusWriter =
      Executors.newSingleThreadExecutor(
          r -> Thread.ofPlatform().daemon().name("device-manager-status").unstarted(r));

  /**
   * @param dir the node's device-plugins directory ({@code /var/lib/kubelet/device-plugins})
   * @param nodeName the node whose status gets the resources
   */
  public DeviceManagerStandIn(Path dir, String nodeName, KubernetesClient client) {
    this.dir = dir.toAbsolutePath();
    this.nodeName = nodeName;
    this.node = new NodeResources(client, nodeName);
    this.server =
        new UnixSocketServer(
            this.dir.resolve(SOCKET),
            transport,
            List.of(new Registration().bindService()),
            Duration.ofSeconds(1));
  }

  /** Serves Registration; plugins watching the directory register from now on. */
  public DeviceManagerStandIn start() {
    server.start();
    log.info("device manager stand-in for node {} serving {}", nodeName, server.socket());
    return this;
  }

  public Path socket() {
    return server.socket();
  }

  /** The resources registered now. */
  public Set<String> resources() {
    return Set.copyOf(endpoints.keySet());
  }

  /** Whether a plugin for the resource registered and lists at least one healthy device. */
  public boolean serves(String resource) {
    return healthy(resource).size() > 0;
  }

  /** The resource's healthy device IDs, in the plugin's order; empty when not registered. */
  public List<String> healthy(String resource) {
    PluginEndpoint endpoint = endpoints.get(resource);
    return endpoint == null ? List.of() : endpoint.healthy();
  }

  /**
   * Allocates the device-plugin resources of every container of the pod, as the kubelet does at pod
   * admission: free healthy devices (the plugin's preferred ones where it offers a preference),
   * then Allocate over the plugin's socket. All or nothing.
   *
   * @return what each container got, by container name (containers asking for none are left out)
   * @throws AllocationException too few free healthy devices, or a plugin call failed
   */
  public Map<String, ContainerAllocation> allocate(Pod pod) {
    String uid = pod.getMetadata().getUid();
    Map<String, ContainerAllocation> byContainer = new LinkedHashMap<>();
    try {
      for (Container container : pod.getSpec().getContainers()) {
        Map<String, Integer> wanted = ResourceLimits.of(container, resources());
        if (!wanted.isEmpty()) {
          byContainer.put(container.getName(), allocate(uid, wanted));
        }
      }
    } catch (RuntimeException e) {
      assignments.release(uid);
      throw e;
    }
    assignments.record(uid, byContainer);
    return byContainer;
  }

  private ContainerAllocation allocate(String podUid, Map<String, Integer> wanted) {
    ResponseEdits edits = new ResponseEdits();
    wanted.forEach((resource, count) -> {
      PluginEndpoint endpoint =
          Optional.ofNullable(endpoints.get(resource))
              .orElseThrow(() -> new AllocationException(resource + " is not registered"));
      List<String> ids = assignments.take(podUid, resource, endpoint, count);
      try {
        AllocateResponse response = endpoint.allocate(ids);
        edits.add(resource, ids, response.getContainerResponses(0));
      } catch (StatusRuntimeException e) {
        throw new AllocationException("Allocate of " + resource + " " + ids + " failed", e);
      }
    });
    return edits.build();
  }

  /** What the pod's containers got, while it holds devices. */
  public Optional<Map<String, ContainerAllocation>> allocation(String podUid) {
    return assignments.of(podUid);
  }

  /** The device IDs of the resource that pods hold now. */
  public Set<String> held(String resource) {
    return assignments.held(resource);
  }

  /** Frees the pod's devices (the pod stopped). */
  public void release(String podUid) {
    assignments.release(podUid);
  }

  private void changed(String resource) {
    if (statusWriter.isShutdown()) {
      return; // closing: the node's status is no longer ours to write
    }
    try {
      statusWriter.execute(() -> write(resource));
    } catch (java.util.concurrent.RejectedExecutionException e) {
      // closed meanwhile
    }
  }

  private void write(String resource) {
    PluginEndpoint endpoint = endpoints.get(resource);
    if (endpoint == null) {
      return;
    }
    try {
      node.write(resource, endpoint.all().size(), endpoint.healthy().size());
    } catch (RuntimeException e) {
      if (statusWriter.isShutdown()) {
        return; // cut short by close
      }
      // the next list or registration writes it again
      log.warn("cannot write {} into node {}'s status", resource, nodeName, e);
    }
  }

  private final class Registration extends RegistrationGrpc.RegistrationImplBase {
    @Override
    public void register(RegisterRequest request, StreamObserver<Empty> out) {
      if (!VERSION.equals(request.getVersion())) {
        out.onError(
            Status.INVALID_ARGUMENT
                .withDescription("unsupported device plugin API version " + request.getVersion())
                .asRuntimeException());
        return;
      }
      String resource = request.getResourceName();
      try {
        PluginEndpoint endpoint =
            new PluginEndpoint(
                resource,
                transport.channelFor(dir.resolve(request.getEndpoint())),
                DeviceManagerStandIn.this::changed);
        Optional.ofNullable(endpoints.put(resource, endpoint)).ifPresent(PluginEndpoint::close);
      } catch (StatusRuntimeException e) {
        out.onError(
            Status.UNAVAILABLE
                .withDescription("cannot reach " + request.getEndpoint() + ": " + e.getMessage())
                .asRuntimeException());
        return;
      }
      log.info("node {}: {} registered on {}", nodeName, resource, request.getEndpoint());
      out.onNext(Empty.getDefaultInstance());
      out.onCompleted();
    }
  }

  @Override
  public void close() {
    statusWriter.shutdownNow();
    server.close();
    endpoints.values().forEach(PluginEndpoint::close);
    try {
      statusWriter.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    transport.close();
  }
}
