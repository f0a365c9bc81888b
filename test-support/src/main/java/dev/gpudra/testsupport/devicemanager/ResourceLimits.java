package dev.gpudra.testsupport.devicemanager;

import io.fabric8.kubernetes.api.model.Container;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * How many devices of each device-plugin resource a container asks for: its limits, as the
 * kubelet's device manager reads them (extended resources cannot be overcommitted, so the API
 * server has them in the limits, and a request, if given, equals the limit). Pure.
 */
final class ResourceLimits {
  private ResourceLimits() {}

  /** Device counts by resource name, for the resources in {@code served}, in limit order. */
  static Map<String, Integer> of(Container container, Set<String> served) {
    Map<String, Integer> counts = new LinkedHashMap<>();
    if (container.getResources() == null || container.getResources().getLimits() == null) {
      return counts;
    }
    container
        .getResources()
        .getLimits()
        .forEach((name, quantity) -> {
          int count = quantity.getNumericalAmount().intValueExact();
          if (served.contains(name) && count > 0) {
            counts.put(name, count);
          }
        });
    return counts;
  }
}
