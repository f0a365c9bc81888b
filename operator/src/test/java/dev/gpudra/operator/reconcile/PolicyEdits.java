package dev.gpudra.operator.reconcile;

import dev.gpudra.api.clusterpolicy.ClusterPolicy;
import dev.gpudra.localcluster.operator.PolicyScenario;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.util.Map;

/** The scenario's ClusterPolicy with its spec edited as JSON, merge-patch style, for the tests. */
final class PolicyEdits {
  private static final KubernetesSerialization JSON = new KubernetesSerialization();

  private PolicyEdits() {}

  /** {@link PolicyScenario#policy()} named {@code name}, {@code specPatch} merged into its spec. */
  @SuppressWarnings("unchecked")
  static ClusterPolicy policyWith(String name, String specPatch) {
    Map<String, Object> spec = JSON.convertValue(PolicyScenario.policy().getSpec(), Map.class);
    merge(spec, JSON.unmarshal(specPatch, Map.class));
    ClusterPolicy edited =
        JSON.convertValue(
            Map.of("apiVersion", "nvidia.com/v1", "kind", "ClusterPolicy", "spec", spec),
            ClusterPolicy.class);
    edited.setMetadata(new ObjectMetaBuilder().withName(name).build());
    return edited;
  }

  @SuppressWarnings("unchecked")
  private static void merge(Map<String, Object> into, Map<String, Object> patch) {
    patch.forEach((key, value) -> {
      if (value instanceof Map<?, ?> child && into.get(key) instanceof Map<?, ?> existing) {
        merge((Map<String, Object>) existing, (Map<String, Object>) child);
      } else {
        into.put(key, value);
      }
    });
  }
}
