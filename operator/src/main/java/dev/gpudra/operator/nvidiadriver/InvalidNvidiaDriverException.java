package dev.gpudra.operator.nvidiadriver;

/**
 * NVIDIADriver resources that cannot be acted on together: two defaults, two selectors on one node,
 * a default with a selector, a selector on the operator's own routing label. The message names the
 * resources and the field.
 */
public final class InvalidNvidiaDriverException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final boolean conflictingSelectors;

  InvalidNvidiaDriverException(String message, boolean conflictingSelectors) {
    super(message);
    this.conflictingSelectors = conflictingSelectors;
  }

  /**
   * Whether two selectors pick one node (NVIDIA's condition reason {@code ConflictingNodeSelector})
   * rather than a resource being invalid on its own ({@code ReconcileFailed}).
   */
  public boolean conflictingSelectors() {
    return conflictingSelectors;
  }
}
