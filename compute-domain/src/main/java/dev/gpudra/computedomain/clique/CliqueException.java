package dev.gpudra.computedomain.clique;

/** The node's clique cannot be derived; the message says which GPU and why. */
public final class CliqueException extends RuntimeException {
  public CliqueException(String message) {
    super(message);
  }
}
