package dev.gpudra.localcluster.api;

import io.fabric8.kubernetes.api.model.resource.v1.DeviceCounterConsumption;
import java.util.Map;
import java.util.Set;

/**
 * Fields of Kubernetes 1.37's types that fabric8 7.7's model lacks: the server keeps them, and a
 * strict write does not call them unknown. Each names the release and gate that brought it.
 */
final class NewerFields {
  private static final Map<Class<?>, Set<String>> FIELDS =
      Map.of(
          // DRADeviceCompatibilityGroups, alpha in 1.37
          DeviceCounterConsumption.class, Set.of("compatibilityGroups"));

  private NewerFields() {}

  static boolean has(Class<?> model, String field) {
    return FIELDS.getOrDefault(model, Set.of()).contains(field);
  }
}
