package dev.gpudra.demo;

import dev.gpudra.kit.slices.FieldSelectors;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * A cluster that is already running, with gpu-dra's chart installed on its GPU nodes (a kind
 * cluster with simulated GPUs, a real GPU cluster): its own kubelets run the plugin, so no nodes of
 * ours are started; only its API server, scheduler and controllers are used.
 */
public final class ExistingBackend implements ClusterBackend {
  private final Path kubeconfig;
  private final KubernetesClient client;

  private ExistingBackend(Path kubeconfig, KubernetesClient client) {
    this.kubeconfig = kubeconfig;
    this.client = client;
  }

  /** Connects with the kubeconfig's current context. */
  public static ExistingBackend connect(Path kubeconfig) {
    try {
      Config config =
          Config.fromKubeconfig(null, Files.readString(kubeconfig), kubeconfig.toString());
      return new ExistingBackend(
          kubeconfig, new KubernetesClientBuilder().withConfig(config).build());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read kubeconfig " + kubeconfig, e);
    }
  }

  @Override
  public KubernetesClient client() {
    return client;
  }

  @Override
  public String description() {
    return "existing cluster at " + client.getMasterUrl() + " (" + kubeconfig + ")";
  }

  @Override
  public FieldSelectors selectors() {
    return FieldSelectors.SERVER_SIDE;
  }

  @Override
  public boolean createsServiceAccounts() {
    return true;
  }

  @Override
  public boolean runsGpuNodes() {
    return true;
  }

  @Override
  public void nodesReady() {
    // its kube-scheduler runs already
  }

  @Override
  public String scheduler() {
    return "the cluster's kube-scheduler; our allocator predicts each of its decisions";
  }

  @Override
  public Path writeKubeconfig(Path file) {
    try {
      return Files.copy(kubeconfig, file, StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
  }

  @Override
  public void close() {
    client.close();
  }
}
