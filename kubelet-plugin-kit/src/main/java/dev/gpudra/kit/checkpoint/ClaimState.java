package dev.gpudra.kit.checkpoint;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;

/** How far preparing a claim got. */
public enum ClaimState {
  /** Work may have been done partially; roll back before retrying or when the claim is gone. */
  PREPARE_STARTED("PrepareStarted"),
  /** All devices are prepared and their CDI spec is written. */
  PREPARE_COMPLETED("PrepareCompleted"),
  /**
   * Preparation was undone before it completed (compute-domain plugin, as NVIDIA's 0.5): kept a
   * short while so that a stale retry of the same prepare is refused; unprepare is a no-op.
   */
  PREPARE_ABORTED("PrepareAborted");

  private final String value;

  ClaimState(String value) {
    this.value = value;
  }

  @JsonValue
  public String value() {
    return value;
  }

  @JsonCreator
  public static ClaimState fromValue(String value) {
    return Arrays.stream(values())
        .filter(s -> s.value.equals(value))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("unknown claim state: " + value));
  }
}
