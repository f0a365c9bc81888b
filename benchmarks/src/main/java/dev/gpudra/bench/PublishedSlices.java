package dev.gpudra.bench;

import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.Objects;

/**
 * What the API server holds of a node's pool. Lists every slice and filters here: the embedded API
 * server ignores {@code spec.*} field selectors.
 */
final class PublishedSlices {
  private final KubernetesClient client;

  PublishedSlices(KubernetesClient client) {
    this.client = Objects.requireNonNull(client, "client");
  }

  /** Devices of the driver's slices on the node. */
  int deviceCount(String nodeName) {
    return client.dynamicResourceAllocation().v1().resourcesSlices().list().getItems().stream()
        .filter(s -> ours(s, nodeName))
        .mapToInt(s -> s.getSpec().getDevices() == null ? 0 : s.getSpec().getDevices().size())
        .sum();
  }

  private static boolean ours(ResourceSlice slice, String nodeName) {
    return slice.getSpec() != null
        && nodeName.equals(slice.getSpec().getNodeName())
        && PluginLayout.DRIVER.equals(slice.getSpec().getDriver());
  }
}
