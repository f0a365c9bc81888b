package dev.gpudra.operator.render;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Volume;
import java.util.List;

/**
 * The DRA driver's {@code driver-validation} init container as NVIDIA's GPUCluster renders it:
 * NVIDIA's validator in its {@code driver} mode, GPU initialisation skipped and no {@code
 * /dev/char} links made, which validates the node's driver and writes {@code driver-ready} itself:
 * on a DRA node no operator validator runs to write it, and NVIDIA's DRA validator needs the DRA
 * driver running first.
 *
 * @param container the init container
 * @param volumes the host paths it mounts beyond the validation directory
 * @param pullSecrets the validator image's pull secrets, for the pod
 */
public record DriverValidationStep(
    Container container, List<Volume> volumes, List<String> pullSecrets) {
  public DriverValidationStep {
    volumes = List.copyOf(volumes);
    pullSecrets = List.copyOf(pullSecrets);
  }
}
