package dev.gpudra.chart;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import dev.gpudra.api.computedomain.ComputeDomainCrds;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Renders the chart's {@code crds/}: one file per CRD of the {@code api} module, named as NVIDIA's
 * ({@code <group>_<plural>.yaml}), which Helm installs before the templates.
 */
public final class HelmCrds {
  /** Where the chart keeps them, relative to deployments/helm. */
  public static final String CHART_DIR = "gpu-dra/crds";

  private static final String HEADER =
      "# Generated from the api module (ComputeDomainCrds) by HelmCrdsTest; do not edit.\n";

  private final ObjectMapper yaml =
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
    for (CustomResourceDefinition crd : ComputeDomainCrds.all()) {
      String name = crd.getSpec().getGroup() + "_" + crd.getSpec().getNames().getPlural() + ".yaml";
      files.put(name, HEADER + document(crd));
    }
    return files;
  }

  private String document(CustomResourceDefinition crd) {
    try {
      return yaml.writeValueAsString(crd);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException("cannot render CRD " + crd.getMetadata().getName(), e);
    }
  }
}
