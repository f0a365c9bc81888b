package dev.gpudra.computedomain.clique;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import java.util.Objects;

/**
 * The node label {@code nvidia.com/gpu.clique=<clique>}, which GPU Feature Discovery used to write:
 * with {@code --gpu-clique-label-enabled} the compute-domain plugin owns it, as NVIDIA's 0.5.
 * Written as a JSON merge patch of the one label, so the node's other writers never conflict.
 */
public final class GpuCliqueLabel {
  /** The label's key, as GPU Feature Discovery and NVIDIA's plugin name it. */
  public static final String KEY = "nvidia.com/gpu.clique";

  private final KubernetesClient client;
  private final String node;

  public GpuCliqueLabel(KubernetesClient client, String node) {
    this.client = Objects.requireNonNull(client, "client");
    this.node = Objects.requireNonNull(node, "node");
  }

  /** Labels the node with {@code cliqueId}; an empty clique (no NVLink fabric) is not written. */
  public void set(String cliqueId) {
    if (!cliqueId.isEmpty()) {
      patch(JsonNodeFactory.instance.textNode(cliqueId));
    }
  }

  /** Removes the label. */
  public void remove() {
    patch(JsonNodeFactory.instance.nullNode());
  }

  private void patch(com.fasterxml.jackson.databind.JsonNode value) {
    ObjectNode patch = JsonNodeFactory.instance.objectNode();
    patch.putObject("metadata").putObject("labels").set(KEY, value);
    client.nodes().withName(node).patch(PatchContext.of(PatchType.JSON_MERGE), patch.toString());
  }
}
