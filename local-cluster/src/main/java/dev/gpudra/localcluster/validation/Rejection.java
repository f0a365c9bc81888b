package dev.gpudra.localcluster.validation;

import java.util.List;
import java.util.stream.Collectors;

/** Why the API server refuses an object: its kind and name and the field errors. */
public record Rejection(String kind, String name, List<FieldError> errors) {
  public Rejection {
    if (errors == null || errors.isEmpty()) {
      throw new IllegalArgumentException("a rejection needs at least one field error");
    }
    errors = List.copyOf(errors);
  }

  /**
   * The status message, as {@code ResourceSlice.resource.k8s.io "x" is invalid: <error>} or {@code
   * ...: [<error>, <error>]} for several.
   */
  public String message() {
    String list =
        errors.size() == 1
            ? errors.get(0).message()
            : errors.stream().map(FieldError::message).collect(Collectors.joining(", ", "[", "]"));
    return kind + ".resource.k8s.io \"" + name + "\" is invalid: " + list;
  }
}
