package dev.gpudra.computedomain.checkpoint;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;

/** What a compute-domain claim prepares, NVIDIA's {@code configState.Type}. */
public enum DomainTarget {
  /** A workload's IMEX channel ({@code ComputeDomainChannelConfig}). */
  CHANNEL("channel"),
  /** The domain's IMEX daemon ({@code ComputeDomainDaemonConfig}). */
  DAEMON("daemon");

  private final String value;

  DomainTarget(String value) {
    this.value = value;
  }

  @JsonValue
  public String value() {
    return value;
  }

  @JsonCreator
  public static DomainTarget fromValue(String value) {
    return Arrays.stream(values())
        .filter(t -> t.value.equalsIgnoreCase(value))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("unknown claim target: " + value));
  }
}
