package dev.gpudra.api.clusterpolicy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.api.crds.ClusterPolicyCrds;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.api.model.apiextensions.v1.JSONSchemaProps;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

/**
 * Our CRDs against the property paths of NVIDIA's (src/test/resources/nvidia-crd-paths, read off
 * NVIDIA's CRD files of the tag each names): a manifest written for NVIDIA's CRD can only pass
 * strict field validation on ours if every path it may use exists here too. Ours may have more.
 */
class NvidiaCrdPathsTest {
  /** One of NVIDIA's CRDs: its path list and our CRD of the same name. */
  record Case(String name, String paths, Supplier<CustomResourceDefinition> ours) {
    @Override
    public String toString() {
      return name;
    }
  }

  static final List<Case> CASES =
      List.of(
          new Case(
              "clusterpolicies v26.7.0",
              "clusterpolicies-v26.7.0.txt",
              ClusterPolicyCrds::clusterPolicies),
          new Case(
              "gpuclusters v26.7.0", "gpuclusters-v26.7.0.txt", ClusterPolicyCrds::gpuClusters),
          new Case(
              "nvidiadrivers v26.7.0",
              "nvidiadrivers-v26.7.0.txt",
              ClusterPolicyCrds::nvidiaDrivers));

  @ParameterizedTest(name = "{0}")
  @FieldSource("CASES")
  @DisplayName("every property path of NVIDIA's CRD is in ours")
  void everyNvidiaPathIsOurs(Case crd) {
    List<String> nvidia = nvidiaPaths(crd.paths());
    Set<String> ours = new LinkedHashSet<>();
    paths("", rootSchema(crd.ours().get()), ours);

    assertThat(nvidia).as("paths read from %s", crd.paths()).hasSizeGreaterThan(100);
    assertThat(nvidia.stream().filter(path -> !ours.contains(path)).toList())
        .as("NVIDIA's paths that our CRD lacks")
        .isEmpty();
  }

  private static JSONSchemaProps rootSchema(CustomResourceDefinition crd) {
    return crd.getSpec().getVersions().getFirst().getSchema().getOpenAPIV3Schema();
  }

  /** {@code a.b} for a property, {@code a[]} for an array's items, {@code a.*} for map values. */
  private static void paths(String path, JSONSchemaProps schema, Set<String> out) {
    if (!path.isEmpty()) {
      out.add(path);
    }
    if (schema.getItems() != null && schema.getItems().getSchema() != null) {
      paths(path + "[]", schema.getItems().getSchema(), out);
    }
    if (schema.getProperties() != null) {
      schema
          .getProperties()
          .forEach((name, child) -> paths(path.isEmpty() ? name : path + "." + name, child, out));
    }
    if (schema.getAdditionalProperties() != null
        && schema.getAdditionalProperties().getSchema() != null) {
      paths(path + ".*", schema.getAdditionalProperties().getSchema(), out);
    }
  }

  private static List<String> nvidiaPaths(String file) {
    try (InputStream in =
        NvidiaCrdPathsTest.class.getResourceAsStream("/nvidia-crd-paths/" + file)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8)
          .lines()
          .map(String::strip)
          .filter(line -> !line.isEmpty() && !line.startsWith("#"))
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
