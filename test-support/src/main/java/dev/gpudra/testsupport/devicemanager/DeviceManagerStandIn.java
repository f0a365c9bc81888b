package dev.gpudra.testsupport.devicemanager;

import dev.gpudra.kit.grpc.UnixSocketServer;
import dev.gpudra.kit.grpc.UnixSocketTransport;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.AllocateResponse;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.ListAndWatchResponse;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.RegisterRequest;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Pod;
import io.grpc.StatusRuntimeException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The kubelet's device manager on one node (see the package): Registration on {@code
 * <dir>/kubelet.sock}, one {@link PluginEndpoint} per registered resource, the counts a node's
 * status takes, and the devices each running pod's containers hold.
 */
public final class DeviceManagerStandIn implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(DeviceManagerStandIn.class);
  public static final String SOCKET = "kubelet.sock";

  private final UnixSocketTransport transport = new UnixSocketTransport(2);
  private final UnixSocketServer server;
  private final Map<String, PluginEndpoint> endpoints = new ConcurrentHashMap<>();
  private final List<RegisterRequest> registrations = new CopyOnWriteArrayList<>();
  private final List<String> refusals = new CopyOnWriteArrayList<>();
  private final List<Throwable> streamErrors = new CopyOnWriteArrayList<>();
  private final DeviceAssignments assignments = new DeviceAssignments();
  private final NodeStatusWriter status;

  /** A device manager whose resource counts go nowhere (no node object). */
  public DeviceManagerStandIn(Path dir) {
    this(dir, ResourceListener.NONE);
  }

  /**
   * @param dir the node's device-plugins directory ({@code /var/lib/kubelet/device-plugins})
   * @param listener told each resource's capacity and allocatable as they change
   */
  public DeviceManagerStandIn(Path dir, ResourceListener listener) {
    Path absolute = dir.toAbsolutePath();
    this.status = new NodeStatusWriter(listener, endpoints);
    this.server =
        new UnixSocketServer(
            absolute.resolve(SOCKET),
            transport,
            List.of(
                new RegistrationService(absolute, transport, events(), this::registered)
                    .bindService()),
            Duration.ofSeconds(1));
  }

  /** Serves Registration; plugins watching the directory register from now on. */
  public DeviceManagerStandIn start() {
    server.start();
    log.info("device manager stand-in serving {}", server.socket());
    return this;
  }

  public Path socket() {
    return server.socket();
  }

  /** Every Register it accepted, in order (a plugin registering again counts again). */
  public List<RegisterRequest> registrations() {
    return List.copyOf(registrations);
  }

  /** One line per Register it refused: the resource and why. */
  public List<String> refusals() {
    return List.copyOf(refusals);
  }

  /** How ListAndWatch streams failed (a stream the plugin completes is no failure). */
  public List<Throwable> streamErrors() {
    return List.copyOf(streamErrors);
  }

  /** The resources registered now. */
  public Set<String> resources() {
    return Set.copyOf(endpoints.keySet());
  }

  /** The resource's plugin connection, as last registered. */
  public Optional<PluginEndpoint> endpoint(String resource) {
    return Optional.ofNullable(endpoints.get(resource));
  }

  /**
   * The resource's plugin connection.
   *
   * @throws IllegalStateException no plugin registered the resource
   */
  public PluginEndpoint registered(String resource) {
    return endpoint(resource)
        .orElseThrow(() -> new IllegalStateException("no plugin registered " + resource));
  }

  /** The ListAndWatch answers of the resource's current connection; empty when not registered. */
  public List<ListAndWatchResponse> lists(String resource) {
    return endpoint(resource).map(PluginEndpoint::lists).orElse(List.of());
  }

  /** Whether a plugin for the resource registered and lists at least one healthy device. */
  public boolean serves(String resource) {
    return !healthy(resource).isEmpty();
  }

  /** The resource's healthy device IDs, in the plugin's order; empty when not registered. */
  public List<String> healthy(String resource) {
    return endpoint(resource).map(PluginEndpoint::healthy).orElse(List.of());
  }

  /**
   * Allocates the device-plugin resources of every container of the pod, as the kubelet does at pod
   * admission: free healthy devices (the plugin's preferred ones first where it offers a
   * preference), then Allocate over the plugin's socket, one call per container and resource. All
   * or nothing.
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
          endpoint(resource)
              .orElseThrow(() -> new AllocationException(resource + " is not registered"));
      List<String> ids = choose(podUid, endpoint, count);
      try {
        AllocateResponse response = endpoint.allocate(ids);
        if (response.getContainerResponsesCount() == 0) {
          throw new AllocationException(
              "Allocate of " + resource + " " + ids + " answered no container response");
        }
        edits.add(resource, ids, response.getContainerResponses(0));
      } catch (StatusRuntimeException e) {
        throw new AllocationException("Allocate of " + resource + " " + ids + " failed", e);
      }
    });
    return edits.build();
  }

  /** GetPreferredAllocation wherever the plugin offers it, as the kubelet without NUMA hints. */
  private List<String> choose(String podUid, PluginEndpoint endpoint, int count) {
    String resource = endpoint.resource();
    boolean offered = endpoint.options().getGetPreferredAllocationAvailable();
    return assignments.take(
        podUid,
        resource,
        endpoint.healthy(),
        (free, size) -> {
          if (!offered) {
            return List.of();
          }
          try {
            return endpoint.preferred(free, List.of(), size);
          } catch (StatusRuntimeException e) {
            throw new AllocationException("GetPreferredAllocation of " + resource + " failed", e);
          }
        },
        count);
  }

  /**
   * PreStartContainer for each of the pod's containers and resources whose plugin asked for it
   * ({@code pre_start_required}), as the kubelet calls it before it starts each container.
   *
   * @throws AllocationException a call failed: the container does not start
   */
  public void preStart(String podUid) {
    assignments
        .of(podUid)
        .ifPresent(byContainer -> byContainer.values().forEach(ctr -> preStart(ctr)));
  }

  private void preStart(ContainerAllocation container) {
    container
        .deviceIds()
        .forEach((resource, ids) -> {
          Optional<PluginEndpoint> endpoint = endpoint(resource);
          if (endpoint.isEmpty() || !endpoint.get().options().getPreStartRequired()) {
            return;
          }
          try {
            endpoint.get().preStart(ids);
          } catch (StatusRuntimeException e) {
            throw new AllocationException(
                "PreStartContainer of " + resource + " " + ids + " failed", e);
          }
        });
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

  /** What a Register came to: the accepted connection, or why it was refused. */
  private void registered(RegistrationService.Outcome outcome) {
    outcome
        .endpoint()
        .ifPresentOrElse(
            endpoint -> {
              Optional.ofNullable(endpoints.put(endpoint.resource(), endpoint))
                  .ifPresent(PluginEndpoint::close);
              registrations.add(outcome.request());
              status.changed(endpoint.resource());
            },
            () -> refusals.add(outcome.refusal()));
  }

  private PluginEndpoint.StreamEvents events() {
    return new PluginEndpoint.StreamEvents(status::changed, streamErrors::add);
  }

  @Override
  public void close() {
    status.close();
    server.close();
    endpoints.values().forEach(PluginEndpoint::close);
    transport.close();
  }
}
