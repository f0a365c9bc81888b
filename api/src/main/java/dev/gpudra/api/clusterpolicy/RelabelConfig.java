package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.gpudra.api.schema.Default;
import dev.gpudra.api.schema.Minimum;
import java.util.List;

/**
 * A Prometheus relabeling of a ServiceMonitor the operator deploys ({@code
 * serviceMonitor.relabelings[]} of {@code spec.dcgmExporter} and {@code spec.operator.metrics},
 * prometheus-operator's type).
 *
 * @param action what to do
 * @param modulus the modulus of {@code HashMod}
 * @param regex the regular expression the joined source values must match
 * @param replacement the value written to the target label
 * @param separator the separator between the joined source values
 * @param sourceLabels the labels whose values are joined
 * @param targetLabel the label the result is written to
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RelabelConfig(
    @Default("\"replace\"") RelabelAction action,
    @Minimum(0) Long modulus,
    String regex,
    String replacement,
    String separator,
    List<String> sourceLabels,
    String targetLabel) {
  public RelabelConfig {
    sourceLabels = Frozen.list(sourceLabels);
  }
}
