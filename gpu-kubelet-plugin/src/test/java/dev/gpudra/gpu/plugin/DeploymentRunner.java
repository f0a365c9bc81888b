package dev.gpudra.gpu.plugin;

import io.fabric8.kubernetes.api.model.ContainerStatusBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentStatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * What the controller manager and the kubelet do for the plugin's MPS Deployments, in a test that
 * has neither: each Deployment gets one Running pod whose container is ready and a status with one
 * ready replica (while {@link #running}); a deleted Deployment's pods go. Polls every 100 ms.
 */
final class DeploymentRunner implements AutoCloseable {
  private final KubernetesClient client;
  private final String namespace;
  private final AtomicBoolean running = new AtomicBoolean(true);
  private final Set<String> started = new HashSet<>();
  private final Thread thread;
  private volatile boolean closed;

  DeploymentRunner(KubernetesClient client, String namespace) {
    this.client = client;
    this.namespace = namespace;
    this.thread = Thread.ofPlatform().daemon().name("deployment-runner").start(this::loop);
  }

  /** Whether new Deployments get their pod (else they stay without one, as with a pull error). */
  void running(boolean value) {
    running.set(value);
  }

  private void loop() {
    while (!closed) {
      try {
        step();
        Thread.sleep(100);
      } catch (InterruptedException e) {
        return;
      } catch (RuntimeException e) {
        // the API server is stopping with the test
      }
    }
  }

  private synchronized void step() {
    List<Deployment> deployments =
        client.apps().deployments().inNamespace(namespace).list().getItems();
    Set<String> present = new HashSet<>();
    for (Deployment deployment : deployments) {
      String name = deployment.getMetadata().getName();
      present.add(name);
      if (running.get() && started.add(name)) {
        start(deployment);
      }
    }
    for (String gone : Set.copyOf(started)) {
      if (!present.contains(gone)) {
        client.pods().inNamespace(namespace).withLabel("app", gone).withGracePeriod(0).delete();
        started.remove(gone);
      }
    }
  }

  private void start(Deployment deployment) {
    String name = deployment.getMetadata().getName();
    Pod pod =
        new PodBuilder()
            .withNewMetadata()
            .withName(name + "-pod")
            .withNamespace(namespace)
            .withLabels(deployment.getSpec().getTemplate().getMetadata().getLabels())
            .endMetadata()
            .withSpec(deployment.getSpec().getTemplate().getSpec())
            .withNewStatus()
            .withPhase("Running")
            .withContainerStatuses(
                new ContainerStatusBuilder().withName("mps-control-daemon").withReady(true).build())
            .endStatus()
            .build();
    client.pods().inNamespace(namespace).resource(pod).create();
    deployment.setStatus(
        new DeploymentStatusBuilder().withReplicas(1).withReadyReplicas(1).build());
    client.apps().deployments().inNamespace(namespace).resource(deployment).updateStatus();
  }

  @Override
  public void close() {
    closed = true;
    thread.interrupt();
  }
}
