package dev.gpudra.allocator;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceTaint;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceTaintBuilder;
import io.fabric8.kubernetes.api.model.resource.v1beta2.DeviceTaintRule;
import io.fabric8.kubernetes.api.model.resource.v1beta2.DeviceTaintRuleSpec;
import io.fabric8.kubernetes.api.model.resource.v1beta2.DeviceTaintSelector;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads DeviceTaintRules of resource.k8s.io v1 (GA in Kubernetes 1.37), v1beta2 (1.36) and v1alpha3
 * (1.35); the three have the same fields. fabric8 7.7 has no v1 model, so a v1 rule comes as a
 * {@link GenericKubernetesResource} and is read through the v1beta2 model.
 *
 * <p>In a file, a field none of them has (such as {@code deviceClassName} and {@code selectors},
 * removed in 1.35) is refused, not ignored, and the rule is checked as the API server checks a new
 * one. Rules an API server returns are taken as stored: it pruned unknown fields, and an effect
 * this version does not know counts as {@code None}.
 */
public final class TaintRuleReader {
  /** Where a rule comes from. */
  public enum Origin {
    /** Written by a user: required fields and known effects are checked. */
    FILE,
    /** Stored by an API server, which validated it. */
    SERVER
  }

  static final String KIND = "DeviceTaintRule";
  static final List<String> API_VERSIONS =
      List.of("resource.k8s.io/v1", "resource.k8s.io/v1beta2", "resource.k8s.io/v1alpha3");
  private static final Set<String> EFFECTS = Set.of("None", "NoSchedule", "NoExecute");
  private static final Set<String> TOP_LEVEL = Set.of("spec", "status");

  private final ObjectMapper json = new ObjectMapper();
  private final Origin origin;

  public TaintRuleReader(Origin origin) {
    this.origin = origin;
  }

  /** The DeviceTaintRules among {@code objects}, in their order; other objects are skipped. */
  public List<TaintRule> among(Collection<? extends HasMetadata> objects) {
    return objects.stream().flatMap(o -> read(o).stream()).toList();
  }

  /**
   * The rule, or empty when {@code object} is no DeviceTaintRule.
   *
   * @throws InvalidTaintRuleException when it is one, but malformed
   */
  public Optional<TaintRule> read(HasMetadata object) {
    if (!KIND.equals(object.getKind()) || object.getApiVersion() == null) {
      return Optional.empty();
    }
    String name = object.getMetadata() == null ? null : object.getMetadata().getName();
    if (name == null || name.isEmpty()) {
      throw new InvalidTaintRuleException("(unnamed)", "metadata.name", "Required value");
    }
    if (!API_VERSIONS.contains(object.getApiVersion())) {
      if (object.getApiVersion().startsWith("resource.k8s.io/")) {
        throw new InvalidTaintRuleException(
            name, "apiVersion", object.getApiVersion() + " is not one of " + API_VERSIONS);
      }
      return Optional.empty();
    }
    return Optional.of(rule(name, spec(name, object)));
  }

  private DeviceTaintRuleSpec spec(String name, HasMetadata object) {
    Object spec =
        switch (object) {
          case DeviceTaintRule beta -> {
            unknown(name, beta.getAdditionalProperties().keySet());
            yield beta.getSpec();
          }
          case io.fabric8.kubernetes.api.model.resource.v1alpha3.DeviceTaintRule alpha -> {
            unknown(name, alpha.getAdditionalProperties().keySet());
            yield alpha.getSpec();
          }
          case GenericKubernetesResource generic -> {
            unknown(name, generic.getAdditionalProperties().keySet());
            yield generic.getAdditionalProperties().get("spec");
          }
          default ->
              throw new InvalidTaintRuleException(
                  name, "kind", "not read as a DeviceTaintRule: " + object.getClass().getName());
        };
    if (spec == null) {
      throw new InvalidTaintRuleException(name, "spec", "Required value");
    }
    try {
      return json.convertValue(spec, DeviceTaintRuleSpec.class);
    } catch (IllegalArgumentException e) {
      throw new InvalidTaintRuleException(name, "spec", "malformed: " + e.getMessage());
    }
  }

  private TaintRule rule(String name, DeviceTaintRuleSpec spec) {
    fields(name, "spec.", spec.getAdditionalProperties());
    var taint = spec.getTaint();
    if (taint == null) {
      throw new InvalidTaintRuleException(name, "spec.taint", "Required value");
    }
    fields(name, "spec.taint.", taint.getAdditionalProperties());
    required(name, "spec.taint.key", taint.getKey());
    required(name, "spec.taint.effect", taint.getEffect());
    if (origin == Origin.FILE && !EFFECTS.contains(taint.getEffect())) {
      throw new InvalidTaintRuleException(
          name,
          "spec.taint.effect",
          "Unsupported value: \""
              + taint.getEffect()
              + "\": supported values: \"NoExecute\", \"NoSchedule\", \"None\"");
    }
    DeviceTaint v1 =
        new DeviceTaintBuilder()
            .withKey(taint.getKey())
            .withValue(taint.getValue())
            .withEffect(taint.getEffect())
            .withTimeAdded(taint.getTimeAdded())
            .build();
    return new TaintRule(name, selector(name, spec.getDeviceSelector()), v1);
  }

  private Optional<TaintRule.Selector> selector(String name, DeviceTaintSelector selector) {
    if (selector == null) {
      return Optional.empty();
    }
    fields(name, "spec.deviceSelector.", selector.getAdditionalProperties());
    return Optional.of(
        new TaintRule.Selector(
            Optional.ofNullable(selector.getDriver()),
            Optional.ofNullable(selector.getPool()),
            Optional.ofNullable(selector.getDevice())));
  }

  private static void required(String name, String field, String value) {
    if (value == null || value.isEmpty()) {
      throw new InvalidTaintRuleException(name, field, "Required value");
    }
  }

  /**
   * Refuses the first of {@code extra}'s fields, which the model does not know, in a file; the API
   * server prunes them, so from a server there are none to honour (the embedded one keeps them
   * without {@code fieldValidation=Strict}).
   */
  private void fields(String name, String prefix, Map<String, Object> extra) {
    if (origin == Origin.SERVER) {
      return;
    }
    for (String field : extra.keySet()) {
      throw new InvalidTaintRuleException(name, prefix + field, removedOrUnknown(field));
    }
  }

  /** Refuses the first top-level field besides spec and status. */
  private void unknown(String name, Set<String> topLevel) {
    if (origin == Origin.SERVER) {
      return;
    }
    for (String field : topLevel) {
      if (!TOP_LEVEL.contains(field)) {
        throw new InvalidTaintRuleException(name, field, "unknown field");
      }
    }
  }

  private static String removedOrUnknown(String field) {
    return Set.of("deviceClassName", "selectors").contains(field)
        ? "removed from DeviceTaintRule in Kubernetes 1.35; not honoured"
        : "unknown field";
  }
}
