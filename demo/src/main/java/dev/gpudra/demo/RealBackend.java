package dev.gpudra.demo;

import dev.gpudra.realcluster.controlplane.ControlPlaneProcess;
import dev.gpudra.realcluster.controlplane.Kubeconfig;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.file.Path;
import java.time.Duration;

/**
 * A real control plane: {@code gpu-dra-testcluster} (kube-apiserver, the resource-claim, namespace,
 * garbage-collector and service-account controllers, kube-scheduler with DynamicResources).
 */
public final class RealBackend implements ClusterBackend {
  private static final Duration READY_TIMEOUT = Duration.ofSeconds(120);

  private final ControlPlaneProcess process;

  private RealBackend(ControlPlaneProcess process) {
    this.process = process;
  }

  /** Starts the binary with its files in {@code workDir/control-plane}. */
  public static RealBackend start(Path binary, Path workDir) throws InterruptedException {
    return new RealBackend(
        ControlPlaneProcess.start(
            binary, workDir.resolve("control-plane"), READY_TIMEOUT, Demo.CONTROL_PLANE_GATES));
  }

  @Override
  public KubernetesClient client() {
    return process.client();
  }

  @Override
  public String description() {
    return "gpu-dra-testcluster ready: " + process.readyLine();
  }

  @Override
  public String scheduler() {
    return "kube-scheduler running (DynamicResources); our allocator predicts each of its decisions";
  }

  @Override
  public Path writeKubeconfig(Path file) {
    return new Kubeconfig(process.kubeconfig()).copyTo(file);
  }

  @Override
  public void close() {
    process.close();
  }
}
