package dev.gpudra.api.featuregates;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The value of every feature gate. The compact constructor fills unset gates with their defaults,
 * forces {@code ContextualLogging} on, and rejects combinations the stack does not support.
 */
public record FeatureGates(Map<FeatureGate, Boolean> values) {
  private static final String ALL_ALPHA = "AllAlpha";
  private static final String ALL_BETA = "AllBeta";

  public FeatureGates {
    EnumMap<FeatureGate, Boolean> complete = new EnumMap<>(FeatureGate.class);
    for (FeatureGate gate : FeatureGate.values()) {
      complete.put(gate, values.getOrDefault(gate, gate.enabledByDefault()));
    }
    complete.put(FeatureGate.CONTEXTUAL_LOGGING, true);
    List<String> conflicts = GateRules.violations(complete);
    if (!conflicts.isEmpty()) {
      throw new FeatureGateException("invalid feature gates: " + String.join("; ", conflicts));
    }
    values = java.util.Collections.unmodifiableMap(complete);
  }

  /** Every gate at its default. */
  public static FeatureGates defaults() {
    return new FeatureGates(Map.of());
  }

  /**
   * Parses {@code Key=true,Other=false} (the {@code --feature-gates} / {@code FEATURE_GATES}
   * format). Blank means all defaults. {@code AllAlpha} and {@code AllBeta} set every gate of that
   * stage; explicitly named gates override them wherever they appear in the list.
   */
  public static FeatureGates parse(String spec) {
    Map<String, Boolean> pairs = pairs(spec == null ? "" : spec);
    EnumMap<FeatureGate, Boolean> values = new EnumMap<>(FeatureGate.class);
    applyStage(values, pairs.get(ALL_ALPHA), FeatureGate.Stage.ALPHA);
    applyStage(values, pairs.get(ALL_BETA), FeatureGate.Stage.BETA);
    pairs.forEach((key, value) -> {
      if (!key.equals(ALL_ALPHA) && !key.equals(ALL_BETA)) {
        values.put(gate(key), value);
      }
    });
    return new FeatureGates(values);
  }

  public boolean enabled(FeatureGate gate) {
    return values.get(gate);
  }

  /** A copy with one gate changed (validated like any other value). */
  public FeatureGates with(FeatureGate gate, boolean enabled) {
    EnumMap<FeatureGate, Boolean> changed = new EnumMap<>(values);
    changed.put(gate, enabled);
    return new FeatureGates(changed);
  }

  /** Every gate as {@code Key=bool,...}, to hand on to daemons this process starts. */
  @Override
  public String toString() {
    return values.entrySet().stream()
        .map(e -> e.getKey().key() + "=" + e.getValue())
        .collect(Collectors.joining(","));
  }

  private static Map<String, Boolean> pairs(String spec) {
    Map<String, Boolean> pairs = new LinkedHashMap<>();
    for (String item : spec.split(",")) {
      String entry = item.trim();
      if (entry.isEmpty()) {
        continue;
      }
      int eq = entry.indexOf('=');
      if (eq < 0) {
        throw new FeatureGateException(
            "missing bool value for feature gate \"" + entry + "\" (want Key=true|false)");
      }
      String key = entry.substring(0, eq).trim();
      pairs.put(key, bool(key, entry.substring(eq + 1).trim()));
    }
    return pairs;
  }

  private static boolean bool(String key, String value) {
    return switch (value.toLowerCase(Locale.ROOT)) {
      case "true", "t", "1" -> true;
      case "false", "f", "0" -> false;
      default ->
          throw new FeatureGateException(
              "invalid value of feature gate " + key + "=" + value + ", want true or false");
    };
  }

  private static FeatureGate gate(String key) {
    return FeatureGate.byKey(key)
        .orElseThrow(() ->
            new FeatureGateException(
                "unrecognized feature gate: "
                    + key
                    + " (known: "
                    + Arrays.stream(FeatureGate.values())
                        .map(FeatureGate::key)
                        .collect(Collectors.joining(", "))
                    + ")"));
  }

  private static void applyStage(
      Map<FeatureGate, Boolean> values, Boolean enabled, FeatureGate.Stage stage) {
    if (enabled == null) {
      return;
    }
    for (FeatureGate gate : FeatureGate.values()) {
      if (gate.stage() == stage) {
        values.put(gate, enabled);
      }
    }
  }

  /** The cross-gate rules, kept apart so the record stays readable. */
  private static final class GateRules {
    private GateRules() {}

    static List<String> violations(Map<FeatureGate, Boolean> on) {
      List<String> out = new ArrayList<>();
      requires(
          on, FeatureGate.COMPUTE_DOMAIN_CLIQUES, FeatureGate.IMEX_DAEMONS_WITH_DNS_NAMES, out);
      // NVIDIA's DeviceMetadata requires PassthroughSupport (it covers VFIO devices only); ours
      // covers every device, so it stands alone: a superset of NVIDIA's accepted values
      // both modes on one GPU need the scheduler to tell them apart: compatibility groups
      requires(on, FeatureGate.DEVICE_COMPATIBILITY_GROUPS, FeatureGate.DYNAMIC_MIG, out);
      requires(on, FeatureGate.DEVICE_COMPATIBILITY_GROUPS, FeatureGate.PASSTHROUGH_SUPPORT, out);
      if (!on.get(FeatureGate.DEVICE_COMPATIBILITY_GROUPS)) {
        excludes(on, FeatureGate.DYNAMIC_MIG, FeatureGate.PASSTHROUGH_SUPPORT, out);
      }
      excludes(on, FeatureGate.DYNAMIC_MIG, FeatureGate.MPS_SUPPORT, out);
      excludes(on, FeatureGate.PASSTHROUGH_SUPPORT, FeatureGate.NVML_DEVICE_HEALTH_CHECK, out);
      return out;
    }

    private static void requires(
        Map<FeatureGate, Boolean> on, FeatureGate gate, FeatureGate needed, List<String> out) {
      if (on.get(gate) && !on.get(needed)) {
        out.add(
            "feature gate " + gate.key() + " requires feature gate " + needed.key() + " enabled");
      }
    }

    private static void excludes(
        Map<FeatureGate, Boolean> on, FeatureGate a, FeatureGate b, List<String> out) {
      if (on.get(a) && on.get(b)) {
        out.add("feature gates " + a.key() + " and " + b.key() + " are mutually exclusive");
      }
    }
  }
}
