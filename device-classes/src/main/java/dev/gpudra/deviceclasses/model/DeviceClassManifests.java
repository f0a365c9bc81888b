package dev.gpudra.deviceclasses.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClass;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Renders DeviceClasses as one multi-document YAML stream, the form {@code kubectl apply} takes.
 */
public final class DeviceClassManifests {

  private final ObjectMapper yaml =
      new ObjectMapper(
              YAMLFactory.builder()
                  .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
                  .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS)
                  .disable(YAMLGenerator.Feature.SPLIT_LINES)
                  .build())
          .setDefaultPropertyInclusion(JsonInclude.Include.NON_EMPTY);

  /** Each class as a YAML document starting with {@code ---}, in the order given. */
  public String toYaml(List<DeviceClass> classes) {
    return classes.stream().map(this::document).collect(Collectors.joining());
  }

  private String document(DeviceClass deviceClass) {
    try {
      return yaml.writeValueAsString(deviceClass);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException("cannot render DeviceClass as YAML", e);
    }
  }
}
