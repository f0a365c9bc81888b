package dev.gpudra.gpu.mps;

/** An MPS control daemon could not be set up or taken down; the message names the claim. */
public class MpsException extends RuntimeException {
  public MpsException(String message) {
    super(message);
  }

  public MpsException(String message, Throwable cause) {
    super(message, cause);
  }
}
