package dev.gpudra.realcluster.node;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Empties a node before it stops: deletes every pod bound to it at once, so that its kubelet stops
 * their containers and tears down their sandboxes (network included), and waits until containerd
 * runs nothing.
 *
 * @param client the cluster
 * @param nodeName the node
 * @param empty true once the runtime has no task left
 */
record NodeDrain(KubernetesClient client, String nodeName, BooleanSupplier empty) {
  private static final Logger log = LoggerFactory.getLogger(NodeDrain.class);

  void run(Duration timeout) {
    List<Pod> pods =
        client.pods().inAnyNamespace().withField("spec.nodeName", nodeName).list().getItems();
    pods.forEach(p -> client.resource(p).withGracePeriod(0).delete());
    Instant deadline = Instant.now().plus(timeout);
    while (!empty.getAsBoolean()) {
      if (Instant.now().isAfter(deadline)) {
        log.warn("node {}: containers still running {} after deleting its pods", nodeName, timeout);
        return;
      }
      try {
        Thread.sleep(250);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }
}
