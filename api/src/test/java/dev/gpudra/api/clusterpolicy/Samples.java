package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * NVIDIA's ClusterPolicies as users have them (src/test/resources/clusterpolicies): the one its
 * chart renders from default values, its common variants, the OpenShift bundle's sample, NVIDIA's
 * v26.7.0 sample and chart render, and one with the deprecated fields.
 */
final class Samples {
  static final List<String> NAMES =
      List.of(
          "default",
          "preinstalled-driver",
          "preinstalled-driver-toolkit",
          "cdi-disabled",
          "mig-mixed",
          "time-slicing",
          "openshift-csv",
          "deprecated-fields",
          "dra-migration",
          "v26.7.0-default",
          "v26.7.0-sample");

  /** GPUClusters (src/test/resources/gpuclusters): ours, NVIDIA's sample and its chart's render. */
  static final List<String> GPU_CLUSTERS =
      List.of("gpu-cluster", "v26.7.0-sample", "v26.7.0-chart");

  static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  private Samples() {}

  static JsonNode tree(String name) {
    return resource("/clusterpolicies/" + name + ".yaml");
  }

  /** Our GPUCluster with the keys and defaults of NVIDIA's chart. */
  static JsonNode gpuCluster() {
    return gpuCluster("gpu-cluster");
  }

  static JsonNode gpuCluster(String name) {
    return resource("/gpuclusters/" + name + ".yaml");
  }

  /**
   * {@code tree} without its null values (a key with no value, as in NVIDIA's sample): not a value
   * the types keep, and one the API server drops for a field that is not nullable.
   */
  static JsonNode withoutNulls(JsonNode tree) {
    JsonNode copy = tree.deepCopy();
    drop(copy);
    return copy;
  }

  private static void drop(JsonNode node) {
    if (node instanceof ObjectNode object) {
      object.properties().removeIf(field -> field.getValue().isNull());
    }
    node.forEach(Samples::drop);
  }

  private static JsonNode resource(String path) {
    try (InputStream in = Samples.class.getResourceAsStream(path)) {
      return YAML.readTree(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static ClusterPolicy policy(String name) {
    try {
      return YAML.treeToValue(tree(name), ClusterPolicy.class);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
