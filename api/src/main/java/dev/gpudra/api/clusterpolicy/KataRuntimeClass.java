package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.gpudra.api.schema.Required;
import java.util.Map;

/**
 * A Kata runtime class ({@code spec.kataManager.config.runtimeClasses[]}).
 *
 * @param name the RuntimeClass's name
 * @param nodeSelector the RuntimeClass's node selector
 * @param artifacts where its artifacts come from
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record KataRuntimeClass(
    @Required String name, Map<String, String> nodeSelector, @Required KataArtifacts artifacts) {
  public KataRuntimeClass {
    nodeSelector = Frozen.map(nodeSelector);
  }
}
