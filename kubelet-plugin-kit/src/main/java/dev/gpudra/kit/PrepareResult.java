package dev.gpudra.kit;

import java.util.List;
import java.util.Objects;

/**
 * The outcome of preparing one claim: devices, or an error message naming what went wrong. A
 * retryable failure (waiting for something another claim or pod brings, such as a ComputeDomain's
 * daemon) is tried again by the kit within the call, the node lock released in between.
 */
public record PrepareResult(List<PreparedDevice> devices, String error, boolean retryable) {
  public PrepareResult(List<PreparedDevice> devices, String error) {
    this(devices, error, false);
  }

  public PrepareResult {
    devices = List.copyOf(devices);
    Objects.requireNonNull(error, "error");
    if (retryable && error.isEmpty()) {
      throw new IllegalArgumentException("only a failure is retried");
    }
    if (!error.isEmpty() && !devices.isEmpty()) {
      throw new IllegalArgumentException("a failed prepare carries no devices");
    }
  }

  public static PrepareResult of(List<PreparedDevice> devices) {
    return new PrepareResult(devices, "");
  }

  public static PrepareResult failed(String error) {
    if (error == null || error.isBlank()) {
      throw new IllegalArgumentException("a failed prepare needs a message");
    }
    return new PrepareResult(List.of(), error);
  }

  /** A failure that may pass soon without anything changing in the claim: tried again. */
  public static PrepareResult retryLater(String error) {
    if (error == null || error.isBlank()) {
      throw new IllegalArgumentException("a failed prepare needs a message");
    }
    return new PrepareResult(List.of(), error, true);
  }

  public boolean failed() {
    return !error.isEmpty();
  }
}
