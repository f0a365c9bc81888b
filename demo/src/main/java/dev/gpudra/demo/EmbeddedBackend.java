package dev.gpudra.demo;

import dev.gpudra.kit.slices.FieldSelectors;
import dev.gpudra.localcluster.api.LocalApiServer;
import dev.gpudra.localcluster.eviction.DeviceTaintEvictionStandIn;
import dev.gpudra.localcluster.scheduler.PodPlacement;
import dev.gpudra.localcluster.scheduler.SchedulerStandIn;
import dev.gpudra.localcluster.workloads.DaemonSetStandIn;
import dev.gpudra.localcluster.workloads.DeploymentStandIn;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.file.Path;

/**
 * fabric8's mock API server with our validation, the scheduler stand-in on our allocator, the
 * Deployment and DaemonSet stand-ins and the device-taint-eviction stand-in.
 */
public final class EmbeddedBackend implements ClusterBackend {
  private final LocalApiServer api;
  private final PodPlacement placement;
  private final DeploymentStandIn deployments;
  private final DaemonSetStandIn daemonSets;
  private final DeviceTaintEvictionStandIn eviction;
  private SchedulerStandIn scheduler;

  private EmbeddedBackend(LocalApiServer api, PodPlacement placement) {
    this.api = api;
    this.placement = placement;
    this.deployments = new DeploymentStandIn(api.client());
    this.daemonSets = new DaemonSetStandIn(api.client());
    this.eviction = new DeviceTaintEvictionStandIn(api.client());
  }

  /**
   * Starts the embedded API server, the Deployment and DaemonSet stand-ins (the GPU plugin's MPS
   * daemons, the ComputeDomains' IMEX daemons) and the device-taint-eviction stand-in (a {@code
   * NoExecute} DeviceTaintRule's pods); the scheduler follows in {@link #nodesReady()}.
   */
  public static EmbeddedBackend start(PodPlacement placement) {
    EmbeddedBackend backend = new EmbeddedBackend(new LocalApiServer().start(), placement);
    backend.deployments.start();
    backend.daemonSets.start();
    backend.eviction.start();
    return backend;
  }

  @Override
  public KubernetesClient client() {
    return api.client();
  }

  @Override
  public String description() {
    return "embedded API server on " + api.url();
  }

  @Override
  public FieldSelectors selectors() {
    return FieldSelectors.CLIENT_SIDE;
  }

  @Override
  public boolean createsServiceAccounts() {
    return false;
  }

  @Override
  public void nodesReady() {
    scheduler = new SchedulerStandIn(client(), placement);
    scheduler.start();
  }

  @Override
  public String scheduler() {
    return "scheduler stand-in running (allocator: gpu-dra allocator, CEL selectors)";
  }

  @Override
  public Path writeKubeconfig(Path file) {
    return api.writeKubeconfig(file);
  }

  @Override
  public void close() {
    if (scheduler != null) {
      scheduler.close();
    }
    eviction.close();
    daemonSets.close();
    deployments.close();
    api.close();
  }
}
