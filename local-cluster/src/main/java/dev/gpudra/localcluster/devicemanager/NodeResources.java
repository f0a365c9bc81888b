package dev.gpudra.localcluster.devicemanager;

import dev.gpudra.testsupport.devicemanager.ResourceListener;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.HashMap;
import java.util.Map;

/**
 * Writes a device-plugin resource into the node's status as the kubelet does: {@code capacity} is
 * every device the plugin lists, {@code allocatable} the healthy ones.
 */
public final class NodeResources implements ResourceListener {
  private static final int MAX_ATTEMPTS = 5;

  private final KubernetesClient client;
  private final String nodeName;

  public NodeResources(KubernetesClient client, String nodeName) {
    this.client = client;
    this.nodeName = nodeName;
  }

  /** Sets the resource's capacity and allocatable; retried while the write conflicts. */
  @Override
  public void changed(String resource, int capacity, int allocatable) {
    for (int attempt = 1; ; attempt++) {
      try {
        client.nodes().withName(nodeName).editStatus(n -> with(n, resource, capacity, allocatable));
        return;
      } catch (KubernetesClientException e) {
        if (e.getCode() != 409 || attempt == MAX_ATTEMPTS) {
          throw e;
        }
      }
    }
  }

  private static Node with(Node node, String resource, int capacity, int allocatable) {
    node.getStatus().setCapacity(put(node.getStatus().getCapacity(), resource, capacity));
    node.getStatus().setAllocatable(put(node.getStatus().getAllocatable(), resource, allocatable));
    return node;
  }

  private static Map<String, Quantity> put(Map<String, Quantity> before, String name, int count) {
    Map<String, Quantity> after = before == null ? new HashMap<>() : new HashMap<>(before);
    after.put(name, new Quantity(Integer.toString(count)));
    return after;
  }
}
