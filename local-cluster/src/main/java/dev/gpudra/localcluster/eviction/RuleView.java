package dev.gpudra.localcluster.eviction;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gpudra.allocator.TaintRule;
import dev.gpudra.allocator.TaintRuleReader;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A stored DeviceTaintRule as the eviction controller reads it.
 *
 * @param object the stored object, to write its status back
 * @param rule its selector and taint
 * @param uid {@code metadata.uid}
 * @param generation {@code metadata.generation}
 * @param condition its {@code EvictionInProgress} condition, if it has one
 */
record RuleView(
    GenericKubernetesResource object,
    TaintRule rule,
    String uid,
    long generation,
    Optional<Condition> condition) {
  static final String CONDITION = "EvictionInProgress";
  private static final ObjectMapper JSON = new ObjectMapper();

  RuleView {
    Objects.requireNonNull(object, "object");
    Objects.requireNonNull(rule, "rule");
    Objects.requireNonNull(uid, "uid");
    Objects.requireNonNull(condition, "condition");
  }

  /** Reads a rule the API server stored (and so validated). */
  static RuleView read(GenericKubernetesResource object) {
    TaintRule rule =
        new TaintRuleReader(TaintRuleReader.Origin.SERVER)
            .read(object)
            .orElseThrow(() -> new IllegalArgumentException("not a DeviceTaintRule: " + object));
    Long generation = object.getMetadata().getGeneration();
    return new RuleView(
        object,
        rule,
        object.getMetadata().getUid(),
        generation == null ? 0 : generation,
        conditions(object).stream().filter(c -> CONDITION.equals(c.getType())).findFirst());
  }

  String effect() {
    return rule.taint().getEffect();
  }

  /** {@code status.conditions}, none if it has no status. */
  static List<Condition> conditions(GenericKubernetesResource object) {
    Object status = object.getAdditionalProperties().get("status");
    if (!(status instanceof Map<?, ?> fields) || !(fields.get("conditions") instanceof List<?> l)) {
      return List.of();
    }
    return l.stream().map(c -> JSON.convertValue(c, Condition.class)).toList();
  }
}
