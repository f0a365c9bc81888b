package dev.gpudra.e2e;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * What a driver upgrade does, as watches see it: every value a node's upgrade label takes, in
 * order, and when pods start terminating and are gone ("terminating ns/name", "gone ns/name",
 * "deleting ns/{@literal <driver>}" for the policy's driver pods), until closed; and the node's
 * state now.
 */
final class UpgradeWatch implements AutoCloseable {
  static final String STATE = "nvidia.com/gpu-driver-upgrade-state";

  final List<String> states = new CopyOnWriteArrayList<>();
  final List<String> podEvents = new CopyOnWriteArrayList<>();
  private final KubernetesClient client;
  private final String node;
  private final String namespace;
  private final String driver;
  private final Watch nodeWatch;
  private final Watch podWatch;

  /**
   * @param driver the {@code app} label of the driver pods whose deletion is named as such
   */
  UpgradeWatch(KubernetesClient client, String node, String namespace, String driver) {
    this.client = client;
    this.node = node;
    this.namespace = namespace;
    this.driver = driver;
    nodeWatch = client.nodes().withName(node).watch(new StateLog());
    podWatch = client.pods().inAnyNamespace().watch(new PodLog());
  }

  /** The node as the API server has it now. */
  Node node() {
    return client.nodes().withName(node).get();
  }

  /** The node's upgrade state label now, if any. */
  String state() {
    return labels(node()).get(STATE);
  }

  Map<String, String> annotations() {
    return Optional.ofNullable(node().getMetadata().getAnnotations()).orElse(Map.of());
  }

  boolean cordoned() {
    Node now = node();
    return now.getSpec() != null && Boolean.TRUE.equals(now.getSpec().getUnschedulable());
  }

  /** Forgets what was seen so far. */
  void clear() {
    states.clear();
    podEvents.clear();
  }

  @Override
  public void close() {
    nodeWatch.close();
    podWatch.close();
  }

  private static Map<String, String> labels(io.fabric8.kubernetes.api.model.HasMetadata o) {
    return Optional.ofNullable(o.getMetadata().getLabels()).orElse(Map.of());
  }

  private final class StateLog implements Watcher<Node> {
    @Override
    public void eventReceived(Action action, Node node) {
      String state = labels(node).get(STATE);
      if (state != null && (states.isEmpty() || !states.get(states.size() - 1).equals(state))) {
        states.add(state);
      }
    }

    @Override
    public void onClose(WatcherException cause) {}
  }

  private final class PodLog implements Watcher<Pod> {
    @Override
    public void eventReceived(Action action, Pod pod) {
      String name = pod.getMetadata().getNamespace() + "/" + pod.getMetadata().getName();
      boolean isDriver =
          namespace.equals(pod.getMetadata().getNamespace())
              && driver.equals(labels(pod).get("app"));
      if (isDriver && pod.getMetadata().getDeletionTimestamp() != null) {
        add("deleting " + namespace + "/" + driver);
      } else if (action == Action.DELETED) {
        add("gone " + name);
      } else if (pod.getMetadata().getDeletionTimestamp() != null) {
        add("terminating " + name);
      }
    }

    private void add(String event) {
      if (!podEvents.contains(event)) {
        podEvents.add(event);
      }
    }

    @Override
    public void onClose(WatcherException cause) {}
  }
}
