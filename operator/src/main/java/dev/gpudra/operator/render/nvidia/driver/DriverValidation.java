package dev.gpudra.operator.render.nvidia.driver;

import dev.gpudra.operator.render.DriverValidationStep;
import dev.gpudra.operator.render.MissingImageException;
import dev.gpudra.operator.render.OperandContext;
import dev.gpudra.operator.render.PodParts;
import dev.gpudra.operator.render.nvidia.component.NvidiaComponent;
import dev.gpudra.operator.render.nvidia.toolkit.ContainerToolkitValidation;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.Volume;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Builds the DRA driver's {@link DriverValidationStep} from NVIDIA's validator. */
public final class DriverValidation {
  private DriverValidation() {}

  /**
   * @return empty when neither the policy nor the operator's environment names the validator
   */
  public static Optional<DriverValidationStep> step(OperandContext context) {
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
