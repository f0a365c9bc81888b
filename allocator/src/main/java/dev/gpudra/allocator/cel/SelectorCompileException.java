package dev.gpudra.allocator.cel;

/**
 * A selector that Kubernetes would refuse at validation time: a syntax or type error, a non-bool
 * result, an expression over 10,240 bytes, or an estimated cost over the limit. The message is
 * worded like the API server's.
 */
public final class SelectorCompileException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final String expression;

  SelectorCompileException(String expression, String message) {
    super(message);
    this.expression = expression;
  }

  /** The expression that failed. */
  public String expression() {
    return expression;
  }
}
