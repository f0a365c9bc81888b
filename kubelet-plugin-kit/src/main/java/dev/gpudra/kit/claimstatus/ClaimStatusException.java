package dev.gpudra.kit.claimstatus;

import java.util.Objects;

/** A claim's status could not be read or written; the message names the claim and why. */
public final class ClaimStatusException extends RuntimeException {
  /** What the API server said, as far as the writer's next step depends on it. */
  public enum Kind {
    /** The claim changed since it was read (409): read it again and merge again. */
    CONFLICT,
    /** The claim was deleted meanwhile (404): nothing left to write. */
    GONE,
    /** The service account may not write the status (403): retrying does not help. */
    FORBIDDEN,
    /** The API server refused the status (422): retrying the same status does not help. */
    INVALID,
    /** Anything else (a timeout, 5xx): retry later. */
    UNAVAILABLE
  }

  private final Kind kind;

  public ClaimStatusException(Kind kind, String message, Throwable cause) {
    super(message, cause);
    this.kind = Objects.requireNonNull(kind, "kind");
  }

  public Kind kind() {
    return kind;
  }
}
