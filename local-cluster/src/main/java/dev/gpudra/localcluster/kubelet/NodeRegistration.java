package dev.gpudra.localcluster.kubelet;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.NodeConditionBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Taint;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Registers the node as a kubelet does: creates the Node object when it is missing (with the
 * well-known hostname/os/arch labels), reports it Ready with pod capacity, and lifts the {@code
 * node.kubernetes.io/not-ready} taint that the API server's admission puts on new nodes (the node
 * lifecycle controller would too, where one runs), then keeps posting its heartbeat so that such a
 * controller does not mark it NotReady and taint it unreachable.
 */
final class NodeRegistration {
  private static final String NOT_READY = "node.kubernetes.io/not-ready";
  private static final int MAX_ATTEMPTS = 5;
  private static final Map<String, Quantity> CAPACITY =
      Map.of(
          "cpu", new Quantity("64"), "memory", new Quantity("512Gi"), "pods", new Quantity("110"));

  private final KubernetesClient client;
  private final String nodeName;

  NodeRegistration(KubernetesClient client, String nodeName) {
    this.client = client;
    this.nodeName = nodeName;
  }

  /**
   * Creates (if missing), marks Ready and untaints the node; retried on a write conflict, as the
   * node lifecycle controller writes the same Node.
   */
  void register(Instant now) {
    retryOnConflict(() -> registerOnce(now));
  }

  private void registerOnce(Instant now) {
    var node = client.nodes().withName(nodeName);
    if (node.get() == null) {
      client.nodes().resource(newNode()).create();
    }
    node.editStatus(n -> ready(n, now));
    Node current = node.get();
    List<Taint> taints = current.getSpec() == null ? null : current.getSpec().getTaints();
    if (taints != null && taints.stream().anyMatch(t -> NOT_READY.equals(t.getKey()))) {
      node.edit(n ->
          new NodeBuilder(n)
              .editSpec()
              .withTaints(
                  n.getSpec().getTaints().stream()
                      .filter(t -> !NOT_READY.equals(t.getKey()))
                      .toList())
              .endSpec()
              .build());
    }
  }

  /** Posts the Ready condition's heartbeat, as a kubelet does every few seconds. */
  void heartbeat(Instant now) {
    retryOnConflict(() ->
        client
            .nodes()
            .withName(nodeName)
            .editStatus(n -> {
              n.getStatus().getConditions().stream()
                  .filter(c -> "Ready".equals(c.getType()))
                  .forEach(c -> c.setLastHeartbeatTime(now.toString()));
              return n;
            }));
  }

  /** Runs {@code write} again, up to five times, while the API server answers 409 Conflict. */
  private static void retryOnConflict(Runnable write) {
    for (int attempt = 1; ; attempt++) {
      try {
        write.run();
        return;
      } catch (KubernetesClientException e) {
        if (e.getCode() != 409 || attempt == MAX_ATTEMPTS) {
          throw e;
        }
      }
    }
  }

  private Node newNode() {
    return new NodeBuilder()
        .withNewMetadata()
        .withName(nodeName)
        .withLabels(
            Map.of(
                "kubernetes.io/hostname", nodeName,
                "kubernetes.io/os", "linux",
                "kubernetes.io/arch", "amd64"))
        .endMetadata()
        .build();
  }

  private static Node ready(Node node, Instant now) {
    return new NodeBuilder(node)
        .editOrNewStatus()
        .withCapacity(CAPACITY)
        .withAllocatable(CAPACITY)
        .withConditions(
            new NodeConditionBuilder()
                .withType("Ready")
                .withStatus("True")
                .withReason("KubeletReady")
                .withMessage("kubelet stand-in is posting ready status")
                .withLastHeartbeatTime(now.toString())
                .withLastTransitionTime(now.toString())
                .build())
        .endStatus()
        .build();
  }
}
