package dev.gpudra.api.computedomain;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;

/** How many IMEX channels a workload claim gets: {@code Single} (channel 0) or {@code All}. */
public enum ChannelAllocationMode {
  ALL("All"),
  SINGLE("Single");

  private final String value;

  ChannelAllocationMode(String value) {
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
  public static ChannelAllocationMode of(String value) {
    return Arrays.stream(values())
        .filter(m -> m.value.equals(value))
        .findFirst()
        .orElseThrow(() ->
            new IllegalArgumentException(
                "allocationMode must be All or Single, got \"" + value + "\""));
  }
}
