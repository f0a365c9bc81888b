package dev.gpudra.gpu.passthrough;

/** A GPU cannot be passed through (or given back); the message names the claim and the GPU. */
public final class PassthroughException extends RuntimeException {
  public PassthroughException(String message) {
    super(message);
  }

  public PassthroughException(String message, Throwable cause) {
    super(message, cause);
  }
}
