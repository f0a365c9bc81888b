package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * NVIDIA's ClusterPolicies as users have them (src/test/resources/clusterpolicies): the one its
 * chart renders from default values, its common variants, the OpenShift bundle's sample, and one
 * with the deprecated fields.
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
          "dra-migration");

  static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  private Samples() {}

  static JsonNode tree(String name) {
    return resource("/clusterpolicies/" + name + ".yaml");
  }

  /** Our GPUCluster with the keys and defaults of NVIDIA's chart. */
  static JsonNode gpuCluster() {
    return resource("/gpuclusters/gpu-cluster.yaml");
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
