package dev.gpudra.operator.render.nvidia;

import dev.gpudra.operator.render.MissingImageException;
import dev.gpudra.operator.render.OperandContext;
import dev.gpudra.operator.render.PodParts;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.Volume;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

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

  /**
   * @return empty when neither the policy nor the operator's environment names the validator
   */
  public static Optional<DriverValidationStep> of(OperandContext context) {
    ContainerToolkitValidation validation;
    try {
      validation = new ContainerToolkitValidation(context);
    } catch (MissingImageException e) {
      return Optional.empty();
    }
    Container container = validation.initContainer();
    List<EnvVar> env = new ArrayList<>(container.getEnv());
    env.add(PodParts.env("DRIVER_VALIDATION_SKIP_GPU_INIT", "true"));
    env.add(PodParts.env("DISABLE_DEV_CHAR_SYMLINK_CREATION", "true"));
    container.setEnv(env);
    NvidiaComponent settings = validation.settings();
    container.setImagePullPolicy(settings.pullPolicy());
    String root = ContainerToolkitValidation.hostRoot(context).orElse("/");
    List<Volume> volumes =
        List.of(
            PodParts.hostPath(
                "driver-install-dir",
                ContainerToolkitValidation.driverInstallDir(context),
                "DirectoryOrCreate"),
            PodParts.hostPath("host-root", root, null),
            PodParts.hostPath("host-dev-char", root.replaceAll("/$", "") + "/dev/char", null));
    return Optional.of(new DriverValidationStep(container, volumes, settings.imagePullSecrets()));
  }
}
