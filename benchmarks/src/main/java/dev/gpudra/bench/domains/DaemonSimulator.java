package dev.gpudra.bench.domains;

import dev.gpudra.api.computedomain.ComputeDomainClique;
import dev.gpudra.api.computedomain.ComputeDomainDaemon;
import dev.gpudra.api.computedomain.ComputeDomainLabels;
import dev.gpudra.api.computedomain.DomainStatus;
import io.fabric8.kubernetes.api.model.BindingBuilder;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.PodStatus;
import io.fabric8.kubernetes.api.model.PodStatusBuilder;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What each domain's node does once the controller made its DaemonSet, in the API only. One node
 * per domain, {@code node-<i>}: it gets the domain's label (as the kubelet plugin's channel prepare
 * gives it); its daemon pod appears (made by the real DaemonSet controller, else by this simulator
 * standing in for it) and is bound to the node (standing in for the scheduler, which could not
 * allocate the daemon's claim without the plugin's slices); the pod goes Running and Ready and the
 * daemon's Ready entry goes into the domain's clique, as a kubelet and a real daemon write them.
 */
final class DaemonSimulator implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(DaemonSimulator.class);
  static final String CLIQUE = "4c3d2b1a-5e6f-4a7b-8c9d-0e1f2a3b4c5d.32766";

  private final KubernetesClient client;
  private final String namespace;
  private final boolean makesPods;
  private final ExecutorService workers = Executors.newFixedThreadPool(32);
  private final AtomicInteger nextNode = new AtomicInteger();
  private final Map<String, String> nodeOfDomain = new ConcurrentHashMap<>();
  private final Set<String> joined = ConcurrentHashMap.newKeySet();
  private final List<Watch> watches;

  /**
   * @param makesPods whether to make each daemon pod (no DaemonSet controller runs in the embedded
   *     API server)
   */
  DaemonSimulator(KubernetesClient client, String namespace, boolean makesPods) {
    this.client = client;
    this.namespace = namespace;
    this.makesPods = makesPods;
    Watch pods =
        client
            .pods()
            .inNamespace(namespace)
            .withLabel(ComputeDomainLabels.DOMAIN)
            .watch(on(this::run));
    Watch daemonSets = client.apps().daemonSets().inNamespace(namespace).watch(on(this::labelNode));
    this.watches = List.of(pods, daemonSets);
  }

  private <T extends io.fabric8.kubernetes.api.model.HasMetadata> Watcher<T> on(
      java.util.function.Consumer<T> step) {
    return new Watcher<>() {
      @Override
      public void eventReceived(Action action, T object) {
        if (action == Action.ADDED || action == Action.MODIFIED) {
          workers.submit(() -> stepOrSay(step, object));
        }
      }

      @Override
      public void onClose(WatcherException cause) {}
    };
  }

  /** A node that cannot join leaves its domain NotReady; the bench's timeout then names it. */
  private static <T extends io.fabric8.kubernetes.api.model.HasMetadata> void stepOrSay(
      java.util.function.Consumer<T> step, T object) {
    try {
      step.accept(object);
    } catch (RuntimeException e) {
      log.warn("{}: {}", object.getMetadata().getName(), e.getMessage());
    }
  }

  /** The domain's node gets its label; then the daemon pod, from the DaemonSet controller or us. */
  private void labelNode(DaemonSet daemonSet) {
    String uid = daemonSet.getMetadata().getLabels().get(ComputeDomainLabels.DOMAIN);
    if (nodeOfDomain.containsKey(uid)) {
      return;
    }
    String node = "node-" + nextNode.getAndIncrement();
    nodeOfDomain.put(uid, node);
    client
        .nodes()
        .withName(node)
        .patch(
            PatchContext.of(PatchType.JSON_MERGE),
            client
                .getKubernetesSerialization()
                .asJson(
                    Map.of("metadata", Map.of("labels", Map.of(ComputeDomainLabels.DOMAIN, uid)))));
    if (makesPods) {
      client.resource(pod(daemonSet.getMetadata().getName() + "-" + node, uid, node)).create();
    }
  }

  private Pod pod(String name, String uid, String node) {
    return new PodBuilder()
        .withNewMetadata()
        .withNamespace(namespace)
        .withName(name)
        .withLabels(Map.of(ComputeDomainLabels.DOMAIN, uid))
        .endMetadata()
        .withNewSpec()
        .withNodeName(node)
        .addNewToleration()
        .withOperator("Exists")
        .endToleration()
        .addNewContainer()
        .withName("compute-domain-daemon")
        .withImage("gpu-dra:bench")
        .endContainer()
        .endSpec()
        .build();
  }

  /** The kubelet runs the pod on its node, and the daemon there joins the clique. */
  private void run(Pod pod) {
    String uid = pod.getMetadata().getLabels().get(ComputeDomainLabels.DOMAIN);
    String node = nodeOfDomain.get(uid);
    if (node == null || !joined.add(pod.getMetadata().getUid())) {
      return;
    }
    var pods = client.pods().inNamespace(namespace).withName(pod.getMetadata().getName());
    if (pod.getSpec().getNodeName() == null) {
      client
          .resource(
              new BindingBuilder()
                  .withNewMetadata()
                  .withNamespace(namespace)
                  .withName(pod.getMetadata().getName())
                  .endMetadata()
                  .withNewTarget()
                  .withKind("Node")
                  .withName(node)
                  .endTarget()
                  .build())
          .create();
    }
    // a merge patch without a resourceVersion, as a kubelet's: the API server's controllers may
    // have written the pod meanwhile
    pods.subresource("status")
        .patch(
            PatchContext.of(PatchType.JSON_MERGE),
            client.getKubernetesSerialization().asJson(Map.of("status", running())));
    pods.patch(
        PatchContext.of(PatchType.JSON_MERGE),
        client
            .getKubernetesSerialization()
            .asJson(
                Map.of("metadata", Map.of("labels", Map.of(ComputeDomainLabels.CLIQUE, CLIQUE)))));
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

  private static PodStatus running() {
    return new PodStatusBuilder()
        .withPhase("Running")
        .withPodIP("10.0.0.1")
        .addNewCondition()
        .withType("Ready")
        .withStatus("True")
        .endCondition()
        .build();
  }

  @Override
  public void close() {
    watches.forEach(Watch::close);
    workers.shutdownNow();
  }
}
