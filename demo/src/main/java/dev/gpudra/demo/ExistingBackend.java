package dev.gpudra.demo;

import dev.gpudra.realcluster.controlplane.Kubeconfig;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.file.Path;

/**
 * A cluster that is already running, with gpu-dra's chart installed on its GPU nodes (a kind
 * cluster with simulated GPUs, a real GPU cluster): its own kubelets run the plugin, so no nodes of
 * ours are started; only its API server, scheduler and controllers are used.
 */
public final class ExistingBackend implements ClusterBackend {
  private final Kubeconfig kubeconfig;
  private final KubernetesClient client;

  private ExistingBackend(Kubeconfig kubeconfig, KubernetesClient client) {
    this.kubeconfig = kubeconfig;
    this.client = client;
  }

  /** Connects with the kubeconfig's current context. */
  public static ExistingBackend connect(Path file) {
    Kubeconfig kubeconfig = new Kubeconfig(file);
    return new ExistingBackend(kubeconfig, kubeconfig.client());
  }

  @Override
  public KubernetesClient client() {
    return client;
  }

  @Override
  public String description() {
    return "existing cluster at " + client.getMasterUrl() + " (" + kubeconfig.file() + ")";
  }

  @Override
  public boolean runsGpuNodes() {
    return true;
  }

  @Override
  public String scheduler() {
    return "the cluster's kube-scheduler; our allocator predicts each of its decisions";
  }

  @Override
  public Path writeKubeconfig(Path file) {
    return kubeconfig.copyTo(file);
  }

  @Override
  public void close() {
    client.close();
  }
}
