package dev.gpudra.realcluster.node;

import io.fabric8.kubernetes.api.model.NodeSpec;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Taint;
import io.fabric8.kubernetes.api.model.TaintBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Empties a node before it stops: taints it {@code NoExecute} so that no controller places a pod
 * there again (a DaemonSet whose pod is deleted starts another at once), deletes every pod bound to
 * it, so that its kubelet stops their containers and tears down their sandboxes (network included),
 * and waits until containerd runs nothing, deleting any pod that still shows up.
 *
 * @param client the cluster
 * @param nodeName the node
 * @param empty true once the runtime has no task left
 */
record NodeDrain(KubernetesClient client, String nodeName, BooleanSupplier empty) {
  /** The taint that keeps pods off a node that is stopping. */
  static final String TAINT = "gpu-dra.dev/node-stopping";

  private static final Logger log = LoggerFactory.getLogger(NodeDrain.class);
  private static final Duration RELIST = Duration.ofSeconds(2);

  void run(Duration timeout) {
    taint();
    Instant deadline = Instant.now().plus(timeout);
    Instant relist = Instant.MIN;
    while (!empty.getAsBoolean()) {
      Instant now = Instant.now();
      if (now.isAfter(deadline)) {
        log.warn(
            "node {}: containers still running {} after deleting its pods (left: {})",
            nodeName,
            timeout,
            podNames());
        return;
      }
      if (!now.isBefore(relist)) {
        deletePods();
        relist = now.plus(RELIST);
      }
      try {
        Thread.sleep(250);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  private void taint() {
    Taint stopping = new TaintBuilder().withKey(TAINT).withEffect("NoExecute").build();
    try {
      client
          .nodes()
          .withName(nodeName)
          .edit(n -> {
            if (n.getSpec() == null) {
              n.setSpec(new NodeSpec());
            }
            List<Taint> taints = new ArrayList<>();
            if (n.getSpec().getTaints() != null) {
              taints.addAll(n.getSpec().getTaints());
            }
            if (taints.stream().noneMatch(t -> TAINT.equals(t.getKey()))) {
              taints.add(stopping);
            }
            n.getSpec().setTaints(taints);
            return n;
          });
    } catch (KubernetesClientException e) {
      // the pods are still deleted; only a controller may place one again
      log.warn("node {}: cannot taint it {}: {}", nodeName, TAINT, e.getMessage());
    }
  }

  private void deletePods() {
    pods().forEach(p -> client.resource(p).withGracePeriod(0).delete());
  }

  private List<Pod> pods() {
    return client.pods().inAnyNamespace().withField("spec.nodeName", nodeName).list().getItems();
  }

  private List<String> podNames() {
    return pods().stream()
        .map(p -> p.getMetadata().getNamespace() + "/" + p.getMetadata().getName())
        .toList();
  }
}
