package dev.gpudra.api.v1beta1;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.stream.Collectors;

/** How several containers share one device. */
public enum SharingStrategy {
  TIME_SLICING("TimeSlicing"),
  MPS("MPS");

  private final String value;

  SharingStrategy(String value) {
    this.value = value;
  }

  @JsonValue
  public String value() {
    return value;
  }

  @JsonCreator
  public static SharingStrategy fromValue(String value) {
    return Arrays.stream(values())
        .filter(s -> s.value.equals(value))
        .findFirst()
        .orElseThrow(() ->
            new InvalidConfigException(
                "unknown GPU sharing strategy: "
                    + value
                    + ", supported GPU sharing strategies: "
                    + Arrays.stream(values())
                        .map(SharingStrategy::value)
                        .collect(Collectors.joining(", "))));
  }
}
