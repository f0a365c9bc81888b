package dev.gpudra.operator.reconcile;

import dev.gpudra.operator.render.OperandContext;
import java.util.Map;

/**
 * How the operator runs.
 *
 * @param namespace where the operands run ({@code OPERATOR_NAMESPACE})
 * @param image the image of gpu-dra's own operands (the device plugin, the DRA driver)
 * @param imageEnv the operator's image variables NVIDIA's operator reads ({@code DRIVER_IMAGE},
 *     {@code VALIDATOR_IMAGE}, ...): its operands' images where the policy names none
 * @param upgradeDeadlines how long a driver upgrade's states may take, and its retries' back-off
 */
public record OperatorSettings(
    String namespace,
    String image,
    Map<String, String> imageEnv,
    dev.gpudra.operator.upgrade.UpgradeDeadlines upgradeDeadlines) {
  /** The variables NVIDIA's operator takes its operands' images from. */
  public static final java.util.List<String> IMAGE_VARIABLES = OperandContext.IMAGE_VARIABLES;

  public OperatorSettings {
    if (namespace == null || namespace.isBlank()) {
      throw new IllegalArgumentException("the operator's namespace (OPERATOR_NAMESPACE) is empty");
    }
    if (image == null || image.isBlank()) {
      throw new IllegalArgumentException("the operands' image is empty");
    }
    imageEnv = Map.copyOf(imageEnv);
    java.util.Objects.requireNonNull(upgradeDeadlines, "upgradeDeadlines");
    for (String name : imageEnv.keySet()) {
      if (!IMAGE_VARIABLES.contains(name)) {
        throw new IllegalArgumentException(
            name + " is not one of NVIDIA's image variables " + IMAGE_VARIABLES);
      }
    }
  }

  /** Settings with the default driver upgrade deadlines. */
  public OperatorSettings(String namespace, String image, Map<String, String> imageEnv) {
    this(namespace, image, imageEnv, dev.gpudra.operator.upgrade.UpgradeDeadlines.DEFAULT);
  }

  /** Settings without image variables: every NVIDIA image must be named by the policy. */
  public OperatorSettings(String namespace, String image) {
    this(namespace, image, Map.of());
  }
}
