package dev.gpudra.bench.domains;

import dev.gpudra.api.computedomain.ComputeDomainClique;
import dev.gpudra.api.computedomain.ComputeDomainDaemon;
import dev.gpudra.api.computedomain.ComputeDomainLabels;
import dev.gpudra.api.computedomain.DomainStatus;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What each domain's node does once the controller made its DaemonSet, in the API only: the
 * domain's one node gets its daemon pod, Running and Ready, and the daemon's Ready entry in the
 * domain's clique, as a real daemon writes them. One node per domain, {@code node-<i>}.
 */
final class DaemonSimulator implements AutoCloseable {
  static final String CLIQUE = "4c3d2b1a-5e6f-4a7b-8c9d-0e1f2a3b4c5d.32766";

  private final KubernetesClient client;
  private final String namespace;
  private final ExecutorService workers = Executors.newFixedThreadPool(8);
  private final AtomicInteger nextNode = new AtomicInteger();
  private final Watch watch;

  DaemonSimulator(KubernetesClient client, String namespace) {
    this.client = client;
    this.namespace = namespace;
    this.watch =
        client
            .apps()
            .daemonSets()
            .inNamespace(namespace)
            .watch(
                new Watcher<>() {
                  @Override
                  public void eventReceived(Action action, DaemonSet daemonSet) {
                    if (action == Action.ADDED) {
                      workers.submit(() -> join(daemonSet));
                    }
                  }

                  @Override
                  public void onClose(WatcherException cause) {}
                });
  }

  private void join(DaemonSet daemonSet) {
    String uid = daemonSet.getMetadata().getLabels().get(ComputeDomainLabels.DOMAIN);
    String node = "node-" + nextNode.getAndIncrement();
    Pod pod =
        client
            .resource(
                new PodBuilder()
                    .withNewMetadata()
                    .withNamespace(namespace)
                    .withName(daemonSet.getMetadata().getName() + "-" + node)
                    .withLabels(
                        Map.of(ComputeDomainLabels.DOMAIN, uid, ComputeDomainLabels.CLIQUE, CLIQUE))
                    .endMetadata()
                    .withNewSpec()
                    .withNodeName(node)
                    .addNewContainer()
                    .withName("compute-domain-daemon")
                    .withImage("gpu-dra:bench")
                    .endContainer()
                    .endSpec()
                    .build())
            .create();
    pod.setStatus(
        new io.fabric8.kubernetes.api.model.PodStatusBuilder()
            .withPhase("Running")
            .withPodIP("10.0.0.1")
            .addNewCondition()
            .withType("Ready")
            .withStatus("True")
            .endCondition()
            .build());
    client.resource(pod).updateStatus();
    client
        .resource(
            new ComputeDomainClique(
                new ObjectMetaBuilder()
                    .withNamespace(namespace)
                    .withName(uid + "." + CLIQUE)
                    .withLabels(
                        Map.of(ComputeDomainLabels.DOMAIN, uid, ComputeDomainLabels.CLIQUE, CLIQUE))
                    .build(),
                List.of(new ComputeDomainDaemon(node, "10.0.0.1", CLIQUE, 0, DomainStatus.READY))))
        .create();
  }

  @Override
  public void close() {
    watch.close();
    workers.shutdownNow();
  }
}
