package dev.gpudra.operator.render.nvidia.sandbox;

import dev.gpudra.api.clusterpolicy.DriverManagerSpec;
import dev.gpudra.api.clusterpolicy.ImageKeys;
import dev.gpudra.api.clusterpolicy.SandboxWorkloadsSpec;
import dev.gpudra.api.clusterpolicy.WorkloadConfig;
import dev.gpudra.operator.render.OperandContext;
import dev.gpudra.operator.render.nvidia.component.NvidiaComponent;
import dev.gpudra.operator.render.nvidia.toolkit.ContainerToolkitEnv;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.LocalObjectReference;
import io.fabric8.kubernetes.api.model.PodSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What NVIDIA's sandbox (virtual-machine) operands share: the validator image of their waits, the
 * node's default workload, and the {@code k8s-driver-manager} init container of the VFIO and vGPU
 * managers, which unloads a running NVIDIA driver (pausing the node's GPU operands) before the
 * node's GPUs change hands.
 */
final class SandboxPods {
  /** NVIDIA's name of the driver manager's init container. */
  static final String DRIVER_MANAGER = "k8s-driver-manager";

  private SandboxPods() {}

  static String validatorImage(OperandContext context) {
    return context.nvidiaImage(context.spec().validator(), "validator", "VALIDATOR_IMAGE");
  }

  /** The workload of a node without a label ({@code sandboxWorkloads.defaultWorkload}). */
  static String defaultWorkload(OperandContext context) {
    return workloadName(
        Optional.ofNullable(context.spec().sandboxWorkloads())
            .map(SandboxWorkloadsSpec::defaultWorkload)
            .orElse(WorkloadConfig.CONTAINER));
  }

  private static String workloadName(WorkloadConfig workload) {
    return workload.name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /**
   * Fills a base DaemonSet's driver manager init container: its image, then the policy's {@code
   * env} over the base's variables (in place where there).
   *
   * @param spec the state's {@code driverManager} block; null when the policy has none
   * @param specKey its path in the spec, for errors ({@code vfioManager.driverManager})
   * @throws dev.gpudra.operator.render.MissingImageException when neither the block nor {@code
   *     DRIVER_MANAGER_IMAGE} names an image
   */
  static void fillDriverManager(
      OperandContext context, Container manager, DriverManagerSpec spec, String specKey) {
    manager.setImage(context.nvidiaImage(spec, specKey, "DRIVER_MANAGER_IMAGE"));
    ContainerToolkitEnv env = new ContainerToolkitEnv(manager.getEnv().toArray(EnvVar[]::new));
    manager.setEnv(env.setAll(spec == null ? null : spec.env()).toList());
  }

  /**
   * An init container's own image's pull settings, applied after the component's (which set every
   * container's policy), as NVIDIA's operator applies them: the owner's {@code imagePullPolicy}
   * ({@code IfNotPresent} when unset) and its {@code imagePullSecrets} added to the pod's, each
   * once.
   *
   * @param container the init container's name ({@code k8s-driver-manager})
   * @param owner the block its image comes from; null when the policy has none
   */
  static void ownPullSettings(PodSpec pod, String container, ImageKeys owner) {
    Optional<ImageKeys> keys = Optional.ofNullable(owner);
    String policy =
        new NvidiaComponent(
                "",
                keys.map(ImageKeys::imagePullPolicy).orElse(null),
                null,
                null,
                null,
                null,
                false)
            .pullPolicy();
    pod.getInitContainers().stream()
        .filter(c -> c.getName().equals(container))
        .forEach(c -> c.setImagePullPolicy(policy));
    List<LocalObjectReference> secrets = new ArrayList<>();
    keys.map(ImageKeys::imagePullSecrets)
        .orElse(List.of())
        .forEach(name -> secrets.add(new LocalObjectReference(name)));
    for (LocalObjectReference secret :
        Optional.ofNullable(pod.getImagePullSecrets()).orElse(List.of())) {
      if (secrets.stream().noneMatch(s -> s.getName().equals(secret.getName()))) {
        secrets.add(secret);
      }
    }
    if (!secrets.isEmpty()) {
      pod.setImagePullSecrets(secrets);
    }
  }
}
