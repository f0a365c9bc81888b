package dev.gpudra.kit;

import java.util.Objects;

/** The outcome of unpreparing one claim: empty error on success. */
public record UnprepareResult(String error) {
  private static final UnprepareResult OK = new UnprepareResult("");

  public UnprepareResult {
    Objects.requireNonNull(error, "error");
  }

  public static UnprepareResult ok() {
    return OK;
  }

  public static UnprepareResult failed(String error) {
    if (error == null || error.isBlank()) {
      throw new IllegalArgumentException("a failed unprepare needs a message");
    }
    return new UnprepareResult(error);
  }

  public boolean failed() {
    return !error.isEmpty();
  }
}
