package dev.gpudra.localcluster.devicemanager;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Quantity;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * How many devices of each device-plugin resource a container asks for: its limits (extended
 * resources are integers, and a request, if given, must equal the limit), else its requests. Pure.
 */
final class ResourceLimits {
  private ResourceLimits() {}

  /** Device counts by resource name, for the resources in {@code served}, in limit order. */
  static Map<String, Integer> of(Container container, Set<String> served) {
    Map<String, Integer> counts = new LinkedHashMap<>();
    if (container.getResources() == null) {
      return counts;
    }
    Map<String, Quantity> asked =
        container.getResources().getLimits() != null
            ? container.getResources().getLimits()
            : container.getResources().getRequests();
    if (asked == null) {
      return counts;
    }
    asked.forEach((name, quantity) -> {
      int count = quantity.getNumericalAmount().intValueExact();
      if (served.contains(name) && count > 0) {
        counts.put(name, count);
      }
    });
    return counts;
  }
}
