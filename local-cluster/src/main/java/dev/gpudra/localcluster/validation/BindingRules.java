package dev.gpudra.localcluster.validation;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A device's binding conditions (KEP-5007), in a ResourceSlice or copied into an allocation result:
 * at most 4 of each kind, each a qualified name, no repeats, no type in both lists, and both lists
 * or neither.
 */
final class BindingRules {
  static final int MAX_CONDITIONS = 4;

  private BindingRules() {}

  static List<FieldError> conditions(
      List<String> conditions, List<String> failureConditions, FieldPath path) {
    List<String> ok = conditions == null ? List.of() : conditions;
    List<String> failing = failureConditions == null ? List.of() : failureConditions;
    FieldPath okPath = path.child("bindingConditions");
    FieldPath failPath = path.child("bindingFailureConditions");
    List<FieldError> errors =
        new ArrayList<>(ListRules.each(ok, MAX_CONDITIONS, okPath, NameRules::labelKey));
    errors.addAll(ListRules.each(failing, MAX_CONDITIONS, failPath, NameRules::labelKey));
    errors.addAll(ListRules.unique(ok, okPath, c -> c));
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < failing.size(); i++) {
      String c = failing.get(i);
      if (!seen.add(c)) {
        errors.add(FieldError.duplicate(failPath.index(i), c));
      }
      if (ok.contains(c)) {
        errors.add(
            FieldError.invalid(
                failPath.index(i),
                c,
                "bindingFailureConditions must not overlap with bindingConditions"));
      }
    }
    if (ok.isEmpty() && !failing.isEmpty()) {
      errors.add(
          FieldError.invalid(
              okPath, ok, "bindingConditions are required to use bindingFailureConditions"));
    }
    if (failing.isEmpty() && !ok.isEmpty()) {
      errors.add(
          FieldError.invalid(
              failPath, failing, "bindingFailureConditions are required to use bindingConditions"));
    }
    return errors;
  }
}
