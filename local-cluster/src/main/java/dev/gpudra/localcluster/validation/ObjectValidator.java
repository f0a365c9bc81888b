package dev.gpudra.localcluster.validation;

import java.util.List;

/** Validates one kind on create and on update, like the API server's strategy. */
public interface ObjectValidator<T> {
  /** Field errors of a new object; empty when it is valid. */
  List<FieldError> validate(T object);

  /** Field errors of an update from {@code old}; by default the same rules as on create. */
  default List<FieldError> validateUpdate(T updated, T old) {
    return validate(updated);
  }
}
