package dev.gpudra.kit;

import java.util.List;
import java.util.Objects;

/** The outcome of preparing one claim: devices, or an error message naming what went wrong. */
public record PrepareResult(List<PreparedDevice> devices, String error) {
  public PrepareResult {
    devices = List.copyOf(devices);
    Objects.requireNonNull(error, "error");
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

  public boolean failed() {
    return !error.isEmpty();
  }
}
