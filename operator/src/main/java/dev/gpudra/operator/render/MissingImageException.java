package dev.gpudra.operator.render;

/**
 * An NVIDIA operand whose image neither the policy nor the operator's environment names: its state
 * applies nothing and reports this, the other states go on (NVIDIA's operator fails the state the
 * same way).
 */
public final class MissingImageException extends StateRefusedException {
  private static final long serialVersionUID = 1L;

  /**
   * @param specKey the component's path in the spec ({@code driver})
   * @param envVar the operator's fallback variable ({@code DRIVER_IMAGE})
   */
  public MissingImageException(String specKey, String envVar) {
    super(
        "no image for spec."
            + specKey
            + ": set its repository, image and version, or "
            + envVar
            + " in the operator's environment");
  }
}
