package dev.gpudra.node.mps;

/** The MPS control program failed or is missing; the message names the command. */
public final class MpsControlException extends RuntimeException {
  public MpsControlException(String message) {
    super(message);
  }

  public MpsControlException(String message, Throwable cause) {
    super(message, cause);
  }
}
