package dev.gpudra.e2e;

import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceBuilder;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceList;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.NonNamespaceOperation;
import io.fabric8.kubernetes.client.dsl.Resource;
import java.util.List;
import java.util.Map;

/**
 * {@code resource.k8s.io/v1} DeviceTaintRules on a real API server, as generic objects (fabric8's
 * model has no v1 DeviceTaintRule).
 *
 * @param client the cluster
 */
record DeviceTaintRules(KubernetesClient client) {
  private NonNamespaceOperation<
          GenericKubernetesResource,
          GenericKubernetesResourceList,
          Resource<GenericKubernetesResource>>
      rules() {
    return client.genericKubernetesResources("resource.k8s.io/v1", "DeviceTaintRule");
  }

  /** One device of a driver's pool: what a rule's {@code deviceSelector} picks. */
  record DeviceRef(String driver, String pool, String device) {}

  /** Creates rule {@code name}: {@code key=maintenance:effect} on {@code ref}'s device. */
  void taint(String name, DeviceRef ref, String key, String effect) {
    rules()
        .resource(
            new GenericKubernetesResourceBuilder()
                .withApiVersion("resource.k8s.io/v1")
                .withKind("DeviceTaintRule")
                .withNewMetadata()
                .withName(name)
                .endMetadata()
                .addToAdditionalProperties(
                    "spec",
                    Map.of(
                        "deviceSelector",
                        Map.of("driver", ref.driver(), "pool", ref.pool(), "device", ref.device()),
                        "taint",
                        Map.of("key", key, "value", "maintenance", "effect", effect)))
                .build())
        .create();
  }

  void delete(String name) {
    rules().withName(name).delete();
  }

  /**
   * The device-taint-eviction controller's events on a pod (reason {@code
   * DeviceTaintManagerEviction}, source {@code device-taint-eviction-controller}), the ones the
   * demo's eviction stand-in records too.
   */
  List<Event> evictionEvents(String podName) {
    return client.v1().events().inAnyNamespace().list().getItems().stream()
        .filter(e -> podName.equals(e.getInvolvedObject().getName()))
        .filter(e -> "DeviceTaintManagerEviction".equals(e.getReason()))
        .filter(e -> "device-taint-eviction-controller".equals(e.getSource().getComponent()))
        .toList();
  }

  /** The types of the rule's status conditions ({@code EvictionInProgress}), none if absent. */
  @SuppressWarnings("unchecked")
  List<String> conditionTypes(String name) {
    GenericKubernetesResource rule = rules().withName(name).get();
    Object status = rule == null ? null : rule.getAdditionalProperties().get("status");
    if (!(status instanceof Map<?, ?> fields)
        || !(fields.get("conditions") instanceof List<?> conditions)) {
      return List.of();
    }
    return conditions.stream()
        .map(c -> String.valueOf(((Map<String, Object>) c).get("type")))
        .toList();
  }
}
