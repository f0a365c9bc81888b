package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.fabric8.kubernetes.api.model.Quantity;
import java.util.Map;

/**
 * An operand container's compute resources (the {@code resources} of each component that has one).
 *
 * @param limits the most of each resource the container may use
 * @param requests the amount of each resource the container is scheduled with
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Resources(Map<String, Quantity> limits, Map<String, Quantity> requests) {
  public Resources {
    limits = Frozen.map(limits);
    requests = Frozen.map(requests);
  }
}
