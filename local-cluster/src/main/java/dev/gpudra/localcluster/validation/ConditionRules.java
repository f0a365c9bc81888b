package dev.gpudra.localcluster.validation;

import io.fabric8.kubernetes.api.model.Condition;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/** metav1 Conditions in a status, as apimachinery's ValidateConditions checks them. */
final class ConditionRules {
  static final List<String> STATUSES = List.of("False", "True", "Unknown");
  static final int MAX_REASON = 1024;
  static final int MAX_MESSAGE = 32 * 1024;
  private static final Pattern REASON = Pattern.compile("[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?");
  private static final String REASON_MSG =
      "a condition reason must start with alphabetic character, optionally followed by a string"
          + " of alphanumeric characters or '_,:', and must end with an alphanumeric character or"
          + " '_' (e.g. 'my_name',  or 'MY_NAME',  or 'MyName',  or 'ReasonA,ReasonB',  or"
          + " 'ReasonA:ReasonB', regex used for validation is '"
          + REASON.pattern()
          + "')";

  private ConditionRules() {}

  /** At most {@code max} conditions, each valid, types unique. */
  static List<FieldError> conditions(List<Condition> conditions, int max, FieldPath path) {
    if (conditions == null) {
      return List.of();
    }
    List<FieldError> errors = new ArrayList<>();
    Set<String> types = new HashSet<>();
    for (int i = 0; i < conditions.size(); i++) {
      Condition c = conditions.get(i);
      if (c.getType() != null && !types.add(c.getType())) {
        errors.add(FieldError.duplicate(path.index(i), c.getType()));
      }
      errors.addAll(condition(c, path.index(i)));
    }
    if (conditions.size() > max) {
      errors.add(FieldError.tooMany(path, conditions.size(), max));
    }
    return errors;
  }

  private static List<FieldError> condition(Condition c, FieldPath path) {
    List<FieldError> errors = new ArrayList<>();
    if (c.getType() == null || c.getType().isEmpty()) {
      errors.add(FieldError.required(path.child("type"), "is required"));
    } else {
      errors.addAll(NameRules.labelKey(c.getType(), path.child("type")));
    }
    if (c.getStatus() == null || c.getStatus().isEmpty()) {
      errors.add(FieldError.required(path.child("status"), ""));
    } else if (!STATUSES.contains(c.getStatus())) {
      errors.add(FieldError.unsupported(path.child("status"), c.getStatus(), STATUSES));
    }
    if (c.getObservedGeneration() != null && c.getObservedGeneration() < 0) {
      errors.add(
          FieldError.invalid(
              path.child("observedGeneration"),
              c.getObservedGeneration(),
              "must be greater than or equal to zero"));
    }
    if (c.getLastTransitionTime() == null || c.getLastTransitionTime().isEmpty()) {
      errors.add(FieldError.required(path.child("lastTransitionTime"), ""));
    }
    errors.addAll(reason(c.getReason(), path.child("reason")));
    if (c.getMessage() != null && c.getMessage().length() > MAX_MESSAGE) {
      errors.add(FieldError.tooLong(path.child("message"), MAX_MESSAGE));
    }
    return errors;
  }

  private static List<FieldError> reason(String reason, FieldPath path) {
    if (reason == null || reason.isEmpty()) {
      return List.of(FieldError.required(path, ""));
    }
    List<FieldError> errors = new ArrayList<>();
    if (!REASON.matcher(reason).matches()) {
      errors.add(FieldError.invalid(path, reason, REASON_MSG));
    }
    if (reason.length() > MAX_REASON) {
      errors.add(FieldError.tooLong(path, MAX_REASON));
    }
    return errors;
  }
}
