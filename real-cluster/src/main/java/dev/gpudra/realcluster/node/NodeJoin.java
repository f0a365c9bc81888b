package dev.gpudra.realcluster.node;

import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.file.Path;
import java.util.Objects;

/**
 * How a real node joins its cluster: the Node's name, the kubelet's credentials and a client of the
 * same cluster for the waits and the clean-up.
 *
 * @param nodeName the Node's name, passed to the kubelet as {@code --hostname-override}
 * @param kubeconfig the kubelet's credentials (the test control plane's admin kubeconfig)
 * @param client a client of the same cluster
 */
public record NodeJoin(String nodeName, Path kubeconfig, KubernetesClient client) {

  /** Checks that every part is present. */
  public NodeJoin {
    Objects.requireNonNull(nodeName, "nodeName");
    Objects.requireNonNull(kubeconfig, "kubeconfig");
    Objects.requireNonNull(client, "client");
  }
}
