package dev.gpudra.operator.reconcile;

/**
 * How the operator runs.
 *
 * @param namespace where the operands run ({@code OPERATOR_NAMESPACE})
 * @param image the image of gpu-dra's own operands (the device plugin, the DRA driver)
 */
public record OperatorSettings(String namespace, String image) {
  public OperatorSettings {
    if (namespace == null || namespace.isBlank()) {
      throw new IllegalArgumentException("the operator's namespace (OPERATOR_NAMESPACE) is empty");
    }
    if (image == null || image.isBlank()) {
      throw new IllegalArgumentException("the operands' image is empty");
    }
  }
}
