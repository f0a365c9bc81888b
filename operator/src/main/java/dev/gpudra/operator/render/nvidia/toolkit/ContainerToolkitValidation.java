package dev.gpudra.operator.render.nvidia.toolkit;

import dev.gpudra.api.clusterpolicy.HostPathsSpec;
import dev.gpudra.api.clusterpolicy.ValidatorSpec;
import dev.gpudra.api.clusterpolicy.ValidatorStepSpec;
import dev.gpudra.operator.render.OperandContext;
import dev.gpudra.operator.render.PodParts;
import dev.gpudra.operator.render.ValidationWait;
import dev.gpudra.operator.render.nvidia.component.NvidiaComponent;
import dev.gpudra.operator.render.nvidia.component.PodEdits;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.LocalObjectReference;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.VolumeMountBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The toolkit's {@code driver-validation} init container as NVIDIA's: the validator image ({@code
 * spec.validator}, else {@code VALIDATOR_IMAGE}) running {@code nvidia-validator} in its {@code
 * driver} mode with {@code WITH_WAIT=true}: it waits until the driver (containerized, or on the
 * host) answers, creates the {@code /dev/char} links and writes {@code driver-ready} with the
 * driver root the toolkit's entrypoint sources. It runs as root (chroot into the host, the
 * kubelet-owned validation directory), with {@code validator.driver.env}, the validator's pull
 * policy and pull secrets; a custom {@code hostPaths.rootFS} or {@code hostPaths.driverInstallDir}
 * reaches it as {@code HOST_ROOT} and {@code DRIVER_INSTALL_DIR}, as NVIDIA's operator passes them.
 */
public final class ContainerToolkitValidation {
  static final String NAME = "driver-validation";
  static final String DEFAULT_DRIVER_INSTALL_DIR = "/run/nvidia/driver";

  private final OperandContext context;
  private final Optional<ValidatorSpec> validator;
  private final String image;

  /**
   * @throws dev.gpudra.operator.render.MissingImageException when no validator image is named
   */
  public ContainerToolkitValidation(OperandContext context) {
    this.context = context;
    this.validator = Optional.ofNullable(context.spec().validator());
    this.image = context.nvidiaImage(validator.orElse(null), "validator", "VALIDATOR_IMAGE");
  }

  public Container initContainer() {
    ContainerToolkitEnv env =
        new ContainerToolkitEnv(
            PodParts.env("WITH_WAIT", "true"),
            PodParts.env("COMPONENT", "driver"),
            PodParts.fieldRef("OPERATOR_NAMESPACE", "metadata.namespace"));
    hostRoot(context).ifPresent(root -> env.set("HOST_ROOT", root));
    String driverDir = driverInstallDir(context);
    if (!driverDir.equals(DEFAULT_DRIVER_INSTALL_DIR)) {
      env.set("DRIVER_INSTALL_DIR", driverDir).set("DRIVER_INSTALL_DIR_CTR_PATH", driverDir);
    }
    env.setAll(validator.map(ValidatorSpec::driver).map(ValidatorStepSpec::env).orElse(null));
    return new ContainerBuilder()
        .withName(NAME)
        .withImage(image)
        .withCommand("sh", "-c")
        .withArgs("nvidia-validator")
        .withEnv(env.toList())
        .withNewSecurityContext()
        .withPrivileged(true)
        .withRunAsUser(0L)
        .withNewSeLinuxOptions()
        .withLevel("s0")
        .endSeLinuxOptions()
        .endSecurityContext()
        .withVolumeMounts(
            PodParts.hostToContainerWritable("driver-install-dir", driverDir),
            new VolumeMountBuilder()
                .withName(ValidationWait.VOLUME)
                .withMountPath(ValidationWait.DIR)
                .withMountPropagation("Bidirectional")
                .build(),
            PodParts.hostToContainer("host-root", "/host"),
            PodParts.mount("host-dev-char", "/host-dev-char"))
        .build();
  }

  /**
   * Fills the base DaemonSet's {@code driver-validation} init container: the validator's image, the
   * driver's install directory (mounted at its own path), and the variables above.
   */
  void fill(Container init) {
    ContainerToolkitEnv env = new ContainerToolkitEnv(init.getEnv().toArray(EnvVar[]::new));
    hostRoot(context).ifPresent(root -> env.set("HOST_ROOT", root));
    String driverDir = driverInstallDir(context);
    if (!driverDir.equals(DEFAULT_DRIVER_INSTALL_DIR)) {
      env.set("DRIVER_INSTALL_DIR", driverDir).set("DRIVER_INSTALL_DIR_CTR_PATH", driverDir);
    }
    env.setAll(validator.map(ValidatorSpec::driver).map(ValidatorStepSpec::env).orElse(null));
    init.setEnv(env.toList());
    init.setImage(image);
    PodEdits.mountPath(init, "driver-install-dir", driverDir);
  }

  /**
   * Gives the init container the validator's pull policy and adds the validator's pull secrets,
   * after the toolkit's settings are applied to the pod.
   */
  void applyTo(PodSpec pod) {
    NvidiaComponent settings = settings();
    pod.getInitContainers().stream()
        .filter(c -> c.getName().equals(NAME))
        .forEach(c -> c.setImagePullPolicy(settings.pullPolicy()));
    List<LocalObjectReference> secrets = new ArrayList<>(pod.getImagePullSecrets());
    for (String name : settings.imagePullSecrets()) {
      if (secrets.stream().noneMatch(s -> s.getName().equals(name))) {
        secrets.add(new LocalObjectReference(name));
      }
    }
    pod.setImagePullSecrets(secrets);
  }

  /** The validator's image and pull settings. */
  public NvidiaComponent settings() {
    return new NvidiaComponent(
        image,
        validator.map(ValidatorSpec::imagePullPolicy).orElse(null),
        validator.map(ValidatorSpec::imagePullSecrets).orElse(null),
        null,
        null,
        null,
        false);
  }

  /** {@code hostPaths.rootFS} when it is set to other than {@code /}. */
  public static Optional<String> hostRoot(OperandContext context) {
    return Optional.ofNullable(context.spec().hostPaths())
        .map(HostPathsSpec::rootFs)
        .filter(root -> !root.isEmpty() && !root.equals("/"));
  }

  /**
   * {@code hostPaths.driverInstallDir}, NVIDIA's {@code /run/nvidia/driver} when unset: where a
   * driver container would put the driver, whether or not this policy runs one (the validator finds
   * a host driver by itself and says so in {@code driver-ready}).
   */
  public static String driverInstallDir(OperandContext context) {
    return Optional.ofNullable(context.spec().hostPaths())
        .map(HostPathsSpec::driverInstallDir)
        .filter(dir -> !dir.isEmpty())
        .orElse(DEFAULT_DRIVER_INSTALL_DIR);
  }
}
