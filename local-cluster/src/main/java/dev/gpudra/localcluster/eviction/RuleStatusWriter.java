package dev.gpudra.localcluster.eviction;

import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.ConditionBuilder;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.net.HttpURLConnection;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes a DeviceTaintRule's {@code EvictionInProgress} condition through its status subresource,
 * as kube-controller-manager does: a {@code NoExecute} rule's condition at most every 10 seconds
 * per generation (it is told when its pods are gone only after that); any other rule's once per
 * generation.
 */
final class RuleStatusWriter {
  static final ResourceDefinitionContext V1 =
      new ResourceDefinitionContext.Builder()
          .withGroup("resource.k8s.io")
          .withVersion("v1")
          .withPlural("devicetaintrules")
          .withKind("DeviceTaintRule")
          .withNamespaced(false)
          .build();
  static final Duration PERIOD = Duration.ofSeconds(10);

  private final KubernetesClient client;
  private final Clock clock;
  private final KubernetesSerialization serialization = new KubernetesSerialization();

  RuleStatusWriter(KubernetesClient client, Clock clock) {
    this.client = client;
    this.clock = clock;
  }

  /** Whether the rule's condition is due for another look. */
  boolean due(RuleView rule) {
    if (rule.condition().isEmpty()) {
      return true;
    }
    Condition existing = rule.condition().get();
    if (existing.getObservedGeneration() == null
        || existing.getObservedGeneration() != rule.generation()) {
      return true;
    }
    if (!EvictionTimes.NO_EXECUTE.equals(rule.effect())) {
      return false;
    }
    String since = existing.getLastTransitionTime();
    return since == null || !Instant.parse(since).plus(PERIOD).isAfter(clock.instant());
  }

  /** Writes {@code wanted} unless the rule already says it. */
  void write(RuleView rule, Condition wanted) {
    if (rule.condition().filter(c -> RuleCondition.same(c, wanted)).isPresent()) {
      return;
    }
    Condition stamped =
        new ConditionBuilder(wanted).withLastTransitionTime(clock.instant().toString()).build();
    GenericKubernetesResource updated = serialization.clone(rule.object());
    List<Object> conditions = new ArrayList<>();
    RuleView.conditions(updated).stream()
        .filter(c -> !RuleView.CONDITION.equals(c.getType()))
        .forEach(c -> conditions.add(serialization.convertValue(c, Map.class)));
    conditions.add(serialization.convertValue(stamped, Map.class));
    Map<String, Object> status = new LinkedHashMap<>();
    if (updated.getAdditionalProperties().get("status") instanceof Map<?, ?> old) {
      old.forEach((k, v) -> status.put(String.valueOf(k), v));
    }
    status.put("conditions", conditions);
    updated.getAdditionalProperties().put("status", status);
    try {
      client.genericKubernetesResources(V1).resource(updated).updateStatus();
    } catch (KubernetesClientException e) {
      if (e.getCode() != HttpURLConnection.HTTP_CONFLICT
          && e.getCode() != HttpURLConnection.HTTP_NOT_FOUND) {
        throw e;
      }
      // changed or deleted meanwhile: the next pass reads it again
    }
  }
}
