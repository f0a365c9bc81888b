package dev.gpudra.api.computedomain;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;

/** {@code Ready} or {@code NotReady}: a domain as a whole, one of its nodes, or a daemon. */
public enum DomainStatus {
  READY("Ready"),
  NOT_READY("NotReady");

  private final String value;

  DomainStatus(String value) {
    this.value = value;
  }

  @JsonValue
  public String value() {
    return value;
  }

  /**
   * @throws IllegalArgumentException naming the accepted values
   */
  @JsonCreator
  public static DomainStatus of(String value) {
    return Arrays.stream(values())
        .filter(s -> s.value.equals(value))
        .findFirst()
        .orElseThrow(() ->
            new IllegalArgumentException(
                "status must be Ready or NotReady, got \"" + value + "\""));
  }
}
