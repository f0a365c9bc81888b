package dev.gpudra.computedomain.prepare;

import dev.gpudra.api.computedomain.ComputeDomainLabels;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.net.HttpURLConnection;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The node's {@code resource.nvidia.com/computeDomain=<uid>} label: set by a channel claim (it
 * brings the domain's daemon to the node), removed when the node's last channel claim of that
 * domain goes. A node serves one domain at a time. Writes are compare-and-swap on the node's
 * resourceVersion, retried on conflict.
 */
public final class NodeLabel {
  private static final int ATTEMPTS = 5;

  private final KubernetesClient client;
  private final String node;

  public NodeLabel(KubernetesClient client, String node) {
    this.client = Objects.requireNonNull(client, "client");
    this.node = Objects.requireNonNull(node, "node");
  }

  /** The domain the node is labelled with, if any. */
  public Optional<String> current() {
    return Optional.ofNullable(labels(get()).get(ComputeDomainLabels.DOMAIN));
  }

  /**
   * Labels the node with {@code domainUid}.
   *
   * @throws DomainClaimException when the node is labelled with another domain
   */
  public void set(String domainUid) {
    for (int attempt = 1; ; attempt++) {
      Node current = get();
      String held = labels(current).get(ComputeDomainLabels.DOMAIN);
      if (domainUid.equals(held)) {
        return;
      }
      if (held != null) {
        throw new DomainClaimException(
            "node "
                + node
                + " is in ComputeDomain "
                + held
                + " (label "
                + ComputeDomainLabels.DOMAIN
                + "); a node serves one ComputeDomain at a time");
      }
      current.getMetadata().getLabels().put(ComputeDomainLabels.DOMAIN, domainUid);
      if (replaced(current, attempt)) {
        return;
      }
    }
  }

  /** Removes the label if it names {@code domainUid}; another domain's label stays. */
  public void remove(String domainUid) {
    for (int attempt = 1; ; attempt++) {
      Node current = get();
      if (!domainUid.equals(labels(current).get(ComputeDomainLabels.DOMAIN))) {
        return;
      }
      current.getMetadata().getLabels().remove(ComputeDomainLabels.DOMAIN);
      if (replaced(current, attempt)) {
        return;
      }
    }
  }

  private boolean replaced(Node changed, int attempt) {
    try {
      client.nodes().resource(changed).update();
      return true;
    } catch (KubernetesClientException e) {
      if (e.getCode() == HttpURLConnection.HTTP_CONFLICT && attempt < ATTEMPTS) {
        return false;
      }
      throw e;
    }
  }

  private Node get() {
    Node current = client.nodes().withName(node).get();
    if (current == null) {
      throw new DomainClaimException("node " + node + " does not exist in the API server");
    }
    if (current.getMetadata().getLabels() == null) {
      current.getMetadata().setLabels(new java.util.HashMap<>());
    }
    return current;
  }

  private static Map<String, String> labels(Node node) {
    return node.getMetadata().getLabels();
  }
}
