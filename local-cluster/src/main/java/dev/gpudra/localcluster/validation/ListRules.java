package dev.gpudra.localcluster.validation;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;

/** List limits and uniqueness, with the API server's "Too many" short-circuit. */
final class ListRules {
  private ListRules() {}

  /**
   * Validates each item at {@code path[i]}; a list longer than {@code max} yields only one "Too
   * many" error, without looking at the items.
   */
  static <T> List<FieldError> each(
      List<T> list, int max, FieldPath path, BiFunction<T, FieldPath, List<FieldError>> item) {
    if (list == null || list.isEmpty()) {
      return List.of();
    }
    if (list.size() > max) {
      return List.of(FieldError.tooMany(path, list.size(), max));
    }
    List<FieldError> errors = new ArrayList<>();
    for (int i = 0; i < list.size(); i++) {
      errors.addAll(item.apply(list.get(i), path.index(i)));
    }
    return errors;
  }

  /**
   * A "Duplicate value" at {@code path[i]} (the item, not its key field, as the API server reports
   * it) for each repeated key; nulls are skipped.
   */
  static <T> List<FieldError> unique(List<T> list, FieldPath path, Function<T, String> key) {
    List<FieldError> errors = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (int i = 0; list != null && i < list.size(); i++) {
      String k = key.apply(list.get(i));
      if (k != null && !k.isEmpty() && !seen.add(k)) {
        errors.add(FieldError.duplicate(path.index(i), k));
      }
    }
    return errors;
  }

  static int size(List<?> list) {
    return list == null ? 0 : list.size();
  }

  static boolean isTrue(Boolean b) {
    return Objects.equals(b, Boolean.TRUE);
  }
}
