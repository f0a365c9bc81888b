package dev.gpudra.deviceplugin.pernode;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Watches one label of this node (an informer on the node alone) and reports each value it takes,
 * absent included; the same value seen twice is reported once.
 */
public final class NodeLabelWatch implements AutoCloseable {
  private final String label;
  private final Consumer<Optional<String>> onChange;
  private final SharedIndexInformer<Node> informer;
  private Optional<String> last;

  /**
   * @param initial the value the caller already acted on
   * @param onChange called on the informer's thread with each new value
   */
  public NodeLabelWatch(
      KubernetesClient client,
      String nodeName,
      String label,
      Optional<String> initial,
      Consumer<Optional<String>> onChange) {
    this.label = label;
    this.onChange = onChange;
    this.last = initial;
    this.informer = client.nodes().withName(nodeName).inform(new Handler());
  }

  /** The label's value on the node now, read once. */
  public static Optional<String> current(KubernetesClient client, String nodeName, String label) {
    Node node = client.nodes().withName(nodeName).get();
    if (node == null) {
      throw new InvalidNamedConfigException(
          "node "
              + nodeName
              + " (NODE_NAME) does not exist: its "
              + label
              + " label cannot be read");
    }
    return value(node, label);
  }

  private static Optional<String> value(Node node, String label) {
    Map<String, String> labels = node.getMetadata().getLabels();
    return Optional.ofNullable(labels == null ? null : labels.get(label));
  }

  private synchronized void seen(Node node) {
    Optional<String> value = value(node, label);
    if (!value.equals(last)) {
      last = value;
      onChange.accept(value);
    }
  }

  private final class Handler implements ResourceEventHandler<Node> {
    @Override
    public void onAdd(Node node) {
      seen(node);
    }

    @Override
    public void onUpdate(Node old, Node node) {
      seen(node);
    }

    @Override
    public void onDelete(Node node, boolean unknownFinalState) {
      // a deleted node's kubelet goes too; nothing to reconfigure
    }
  }

  @Override
  public void close() {
    informer.close();
  }
}
