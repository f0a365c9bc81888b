package dev.gpudra.api.schema;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** The value the API server fills in when the component is absent, as JSON text. */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface Default {
  /** For example {@code "nvidia"} (with the quotes), {@code true} or {@code 1}. */
  String value();
}
