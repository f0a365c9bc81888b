package dev.gpudra.api.v1beta1;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;

/** A time-slice length, passed to {@code nvidia-smi compute-policy --set-timeslice} as 0..3. */
public enum TimeSliceInterval {
  DEFAULT("Default", 0),
  SHORT("Short", 1),
  MEDIUM("Medium", 2),
  LONG("Long", 3);

  private final String value;
  private final int nvidiaSmiArgument;

  TimeSliceInterval(String value, int nvidiaSmiArgument) {
    this.value = value;
    this.nvidiaSmiArgument = nvidiaSmiArgument;
  }

  @JsonValue
  public String value() {
    return value;
  }

  public int nvidiaSmiArgument() {
    return nvidiaSmiArgument;
  }

  @JsonCreator
  public static TimeSliceInterval fromValue(String value) {
    return Arrays.stream(values())
        .filter(i -> i.value.equals(value))
        .findFirst()
        .orElseThrow(() ->
            new InvalidConfigException(
                "unknown time-slice interval: "
                    + value
                    + ", supported intervals: Default, Short, Medium, Long"));
  }
}
