package dev.gpudra.nvml.simulated;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * The built-in GPU models ({@code dev/gpudra/nvml/models/<model>.yaml}): name, memory, PCI ID, MIG
 * table and defaults, so that profiles say {@code model: a100-sxm4-40gb} instead of copying a MIG
 * table. A group's own keys override the model's, key by key.
 */
final class ModelCatalog {
  static final List<String> MODELS =
      List.of(
          "a100-sxm4-40gb",
          "a30",
          "b200",
          "gb200",
          "h100-sxm5-80gb",
          "h200-sxm-141gb",
          "l40s",
          "t4");
  private static final String RESOURCE_DIR = "/dev/gpudra/nvml/models/";

  private final YamlDocuments documents;

  ModelCatalog(YamlDocuments documents) {
    this.documents = documents;
  }

  /** The group with its model's keys filled in; the group itself when it names no model. */
  ProfileNode resolve(ProfileNode group) {
    group.allowOnly(GroupParser.KEYS);
    var modelNode = group.optional("model");
    if (modelNode.isEmpty()) {
      return group;
    }
    String model = modelNode.get().text();
    if (!MODELS.contains(model)) {
      throw modelNode
          .get()
          .fail("unknown model " + model + " (built-in models: " + String.join(", ", MODELS) + ")");
    }
    JsonNode defaults = documents.resource(RESOURCE_DIR + model + ".yaml", "model " + model);
    ObjectNode merged = ((ObjectNode) defaults).deepCopy();
    group.node().properties().forEach(e -> merged.set(e.getKey(), e.getValue()));
    merged.remove("model");
    return new ProfileNode(group.source(), group.path(), merged);
  }
}
