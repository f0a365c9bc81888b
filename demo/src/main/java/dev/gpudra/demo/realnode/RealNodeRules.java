package dev.gpudra.demo.realnode;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.util.Map;

/**
 * A scenario's DeviceTaintRule as the real node needs it: the plugin publishes its pool under the
 * real node's name, so a selector naming the pool of the demo node it plays names the real one.
 * Device names are the same (the same profile). Pure.
 */
final class RealNodeRules {
  private static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();

  private RealNodeRules() {}

  @SuppressWarnings("unchecked")
  static GenericKubernetesResource onRealNode(HasMetadata rule, String playing) {
    GenericKubernetesResource copy =
        SERIALIZATION.convertValue(rule, GenericKubernetesResource.class);
    if (copy.getAdditionalProperties().get("spec") instanceof Map<?, ?> spec
        && spec.get("deviceSelector") instanceof Map<?, ?> selector
        && playing.equals(selector.get("pool"))) {
      ((Map<String, Object>) selector).put("pool", RealNodeCluster.NODE);
    }
    return copy;
  }
}
