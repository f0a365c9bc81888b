package dev.gpudra.chart;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import dev.gpudra.api.computedomain.ComputeDomainCrds;
import dev.gpudra.api.crds.ClusterPolicyCrds;
import dev.gpudra.api.nfd.NfdCrds;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Renders a chart's {@code crds/}: one file per CRD of the {@code api} module the chart installs,
 * named as NVIDIA's ({@code <group>_<plural>.yaml}), which Helm installs before the templates: the
 * DRA driver's chart the ComputeDomain CRDs; the operator's chart those, NVIDIA's ClusterPolicy and
 * GPUCluster, and node-feature-discovery's (its NFD, as NVIDIA's chart has it as a subchart).
 *
 * @param chartDir where the chart keeps them, relative to deployments/helm
 * @param parts the CRDs, in order, by what they are generated from
 */
public record HelmCrds(String chartDir, List<Part> parts) {
  /**
   * CRDs of one source.
   *
   * @param source what they are generated from, for the files' header
   * @param crds the CRDs, in order
   */
  public record Part(String source, List<CustomResourceDefinition> crds) {}

  /** The DRA driver's chart. */
  public static HelmCrds draDriver() {
    return new HelmCrds(
        "gpu-dra/crds", List.of(new Part("ComputeDomainCrds", ComputeDomainCrds.all())));
  }

  /** The operator's chart. */
  public static HelmCrds operator() {
    List<CustomResourceDefinition> nvidia = new ArrayList<>(ClusterPolicyCrds.all());
    nvidia.addAll(ComputeDomainCrds.all());
    return new HelmCrds(
        "gpu-operator/crds",
        List.of(
            new Part("ClusterPolicyCrds and ComputeDomainCrds", nvidia),
            new Part("NfdCrds", NfdCrds.all())));
  }

  private static final ObjectMapper YAML =
      new ObjectMapper(
              YAMLFactory.builder()
                  .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
                  .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS)
                  .disable(YAMLGenerator.Feature.SPLIT_LINES)
                  .build())
          .setDefaultPropertyInclusion(JsonInclude.Include.NON_EMPTY);

  /** File name to content, in the api module's order. */
  public Map<String, String> render() {
    Map<String, String> files = new LinkedHashMap<>();
    for (Part part : parts) {
      String header =
          "# Generated from the api module (" + part.source() + ") by HelmCrdsTest; do not edit.\n";
      for (CustomResourceDefinition crd : part.crds()) {
        String name =
            crd.getSpec().getGroup() + "_" + crd.getSpec().getNames().getPlural() + ".yaml";
        files.put(name, header + document(crd));
      }
    }
    return files;
  }

  private String document(CustomResourceDefinition crd) {
    try {
      return YAML.writeValueAsString(crd);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException("cannot render CRD " + crd.getMetadata().getName(), e);
    }
  }
}
