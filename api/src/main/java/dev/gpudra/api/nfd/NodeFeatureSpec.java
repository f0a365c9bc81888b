package dev.gpudra.api.nfd;

import dev.gpudra.api.schema.Required;
import java.util.List;
import java.util.Map;

/**
 * What one source (nfd-worker, or a third party) found on a node: raw features for the rules and
 * labels it asks for as they are. Its object is named after the node, or carries NFD's node-name
 * label.
 *
 * @param features the raw features, by feature name ({@code kernel.loadedmodule}, {@code
 *     pci.device})
 * @param labels node labels requested as they are
 */
public record NodeFeatureSpec(Features features, Map<String, String> labels) {
  /**
   * The three shapes a feature may have.
   *
   * @param flags names that are present ({@code kernel.loadedmodule})
   * @param attributes name and value pairs ({@code kernel.version})
   * @param instances lists of attribute sets, one per instance ({@code pci.device})
   */
  public record Features(
      Map<String, FlagFeatureSet> flags,
      Map<String, AttributeFeatureSet> attributes,
      Map<String, InstanceFeatureSet> instances) {}

  /**
   * @param elements the names, each with an empty value
   */
  public record FlagFeatureSet(@Required Map<String, Empty> elements) {}

  /** NFD's empty value of a flag: an object with nothing in it. */
  public record Empty() {}

  /**
   * @param elements the attributes' values by name
   */
  public record AttributeFeatureSet(@Required Map<String, String> elements) {}

  /**
   * @param elements one per instance
   */
  public record InstanceFeatureSet(@Required List<InstanceFeature> elements) {}

  /**
   * @param attributes the instance's attributes by name
   */
  public record InstanceFeature(@Required Map<String, String> attributes) {}
}
