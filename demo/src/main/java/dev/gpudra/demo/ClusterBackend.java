package dev.gpudra.demo;

import dev.gpudra.kit.slices.FieldSelectors;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.file.Path;

/**
 * The control plane under the demo: the embedded API server with our scheduler stand-in ({@link
 * EmbeddedBackend}), a real kube-apiserver, controllers and kube-scheduler ({@link RealBackend}),
 * or an existing cluster whose nodes run the chart ({@link ExistingBackend}).
 */
public sealed interface ClusterBackend extends AutoCloseable
    permits EmbeddedBackend, RealBackend, ExistingBackend {

  /** Starts a backend with its files under a work directory. */
  @FunctionalInterface
  interface Starter {
    ClusterBackend start(Path workDir) throws InterruptedException;
  }

  /** An admin client. */
  KubernetesClient client();

  /** One line for the progress output: what runs and where. */
  String description();

  /** Whether the API server filters ResourceSlices by node (a real one does). */
  default FieldSelectors selectors() {
    return FieldSelectors.SERVER_SIDE;
  }

  /**
   * Whether a service-account controller creates ServiceAccount {@code default} in new namespaces
   * (and admission requires it before pods are accepted), as on a real cluster.
   */
  default boolean createsServiceAccounts() {
    return true;
  }

  /**
   * Whether the cluster's own nodes run the GPU plugin (an existing cluster with the chart); if
   * not, the demo starts its simulated nodes.
   */
  default boolean runsGpuNodes() {
    return false;
  }

  /**
   * Called once every node published its devices: the embedded backend starts its scheduler; a real
   * kube-scheduler runs already.
   */
  default void nodesReady() {}

  /** What schedules pods, for the progress output. */
  String scheduler();

  /** Writes an admin kubeconfig for kubectl and {@code explain --kubeconfig}. */
  Path writeKubeconfig(Path file);

  @Override
  void close();
}
