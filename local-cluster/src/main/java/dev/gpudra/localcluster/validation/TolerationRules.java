package dev.gpudra.localcluster.validation;

import io.fabric8.kubernetes.api.model.resource.v1.DeviceToleration;
import java.util.ArrayList;
import java.util.List;

/** One toleration of a request for tainted devices; every field may be empty. */
final class TolerationRules {
  static final List<String> OPERATORS = List.of("Equal", "Exists");

  private TolerationRules() {}

  static List<FieldError> toleration(DeviceToleration t, FieldPath path) {
    List<FieldError> errors = new ArrayList<>();
    if (t.getKey() != null && !t.getKey().isEmpty()) {
      errors.addAll(NameRules.labelKey(t.getKey(), path.child("key")));
    }
    String operator =
        t.getOperator() == null || t.getOperator().isEmpty() ? "Equal" : t.getOperator();
    String value = t.getValue() == null ? "" : t.getValue();
    switch (operator) {
      case "Equal" -> errors.addAll(NameRules.labelValue(value, path.child("value")));
      case "Exists" -> {
        if (!value.isEmpty()) {
          errors.add(
              FieldError.invalid(
                  path.child("value"), value, "must be empty for operator `Exists`"));
        }
      }
      default -> errors.add(FieldError.unsupported(path.child("operator"), operator, OPERATORS));
    }
    String effect = t.getEffect();
    if (effect != null && !effect.isEmpty() && !DeviceRules.TAINT_EFFECTS.contains(effect)) {
      errors.add(FieldError.unsupported(path.child("effect"), effect, DeviceRules.TAINT_EFFECTS));
    }
    return errors;
  }
}
