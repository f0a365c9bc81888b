package dev.gpudra.api.schema;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A CEL rule the API server checks on every object of the record's type ({@code
 * x-kubernetes-validations}), with the message it answers a violation with.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Rule {
  /** The CEL expression, over {@code self}. */
  String value();

  String message();
}
