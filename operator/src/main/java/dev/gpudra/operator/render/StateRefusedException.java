package dev.gpudra.operator.render;

/**
 * A state that cannot render what the policy asks (an image named nowhere, a setting gpu-dra's
 * operator does not build): the state applies nothing and reports the message naming the field, the
 * other states go on.
 */
public class StateRefusedException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /**
   * @param message what is refused, naming the spec field
   */
  public StateRefusedException(String message) {
    super(message);
  }
}
