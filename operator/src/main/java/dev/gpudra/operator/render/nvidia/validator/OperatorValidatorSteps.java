package dev.gpudra.operator.render.nvidia.validator;

import dev.gpudra.api.clusterpolicy.EnvVar;
import dev.gpudra.api.clusterpolicy.MigSpec;
import dev.gpudra.api.clusterpolicy.MigStrategy;
import dev.gpudra.api.clusterpolicy.ValidatorSpec;
import dev.gpudra.api.clusterpolicy.ValidatorStepSpec;
import dev.gpudra.operator.render.OperandContext;
import dev.gpudra.operator.render.nvidia.component.PodEdits;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.PodSpec;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The validator's steps, NVIDIA's init containers in NVIDIA's order, each running {@code
 * nvidia-validator} for its {@code COMPONENT} and writing its {@code <step>-ready} file: {@code
 * driver-validation} (waits for the driver), {@code toolkit-validation}, {@code cuda-validation}
 * (runs a CUDA workload pod) and {@code plugin-validation} (a pod asking for {@code
 * nvidia.com/gpu}), the last left out when the device plugin is disabled, as NVIDIA's operator
 * leaves it out. Each step takes {@code validator.<step>.env}. The steps are the base DaemonSet's
 * ({@code operands/state-operator-validation/}); this fills what the policy decides.
 */
final class OperatorValidatorSteps {
  static final String DRIVER_INSTALL_DIR = "/run/nvidia/driver";
  static final String PLUGIN = "plugin-validation";

  private OperatorValidatorSteps() {}

  /**
   * Fills the base pod's steps, leaving out {@code plugin-validation} where it does not run.
   *
   * @param image the validator's image
   * @param runtimeClass the pods' RuntimeClass, which the workload pods get too
   */
  static void fill(
      OperandContext context, PodSpec pod, String image, Optional<String> runtimeClass) {
    if (!pluginStep(context)) {
      pod.getInitContainers().removeIf(c -> c.getName().equals(PLUGIN));
    }
    pod.getInitContainers().forEach(step -> step.setImage(image));
    driver(context, PodEdits.initContainer(pod, "driver-validation"));
    OperatorValidatorEnv.setAll(
        PodEdits.initContainer(pod, "toolkit-validation"),
        stepEnv(context, ValidatorSpec::toolkit));
    workload(
        context, PodEdits.initContainer(pod, "cuda-validation"), runtimeClass, ValidatorSpec::cuda);
    if (pluginStep(context)) {
      Container plugin = PodEdits.initContainer(pod, PLUGIN);
      OperatorValidatorEnv.set(plugin, "MIG_STRATEGY", migStrategy(context));
      workload(context, plugin, runtimeClass, ValidatorSpec::plugin);
    }
  }

  private static void driver(OperandContext context, Container driver) {
    String installDir = installDir(context);
    PodEdits.mountPath(driver, "driver-install-dir", installDir);
    if (!installDir.equals(DRIVER_INSTALL_DIR)) {
      OperatorValidatorEnv.set(driver, "DRIVER_INSTALL_DIR", installDir);
      OperatorValidatorEnv.set(driver, "DRIVER_INSTALL_DIR_CTR_PATH", installDir);
    }
    OperatorValidatorEnv.setAll(driver, stepEnv(context, ValidatorSpec::driver));
  }

  /** What a workload step passes on to the pods it runs: the validator's image and settings. */
  private static void workload(
      OperandContext context,
      Container step,
      Optional<String> runtimeClass,
      Function<ValidatorSpec, ValidatorStepSpec> stepSpec) {
    ValidatorSpec validator = context.spec().validator();
    OperatorValidatorEnv.set(step, "VALIDATOR_IMAGE", step.getImage());
    OperatorValidatorEnv.set(
        step,
        "VALIDATOR_IMAGE_PULL_POLICY",
        validator == null || validator.imagePullPolicy() == null
            ? ""
            : validator.imagePullPolicy());
    if (validator != null
        && validator.imagePullSecrets() != null
        && !validator.imagePullSecrets().isEmpty()) {
      OperatorValidatorEnv.set(
          step, "VALIDATOR_IMAGE_PULL_SECRETS", String.join(",", validator.imagePullSecrets()));
    }
    runtimeClass.ifPresent(name -> OperatorValidatorEnv.set(step, "VALIDATOR_RUNTIME_CLASS", name));
    OperatorValidatorEnv.setAll(step, stepEnv(context, stepSpec));
  }

  /** {@code hostPaths.driverInstallDir}, NVIDIA's {@code /run/nvidia/driver} when empty. */
  static String installDir(OperandContext context) {
    return Optional.ofNullable(context.spec().hostPaths())
        .map(p -> p.driverInstallDir())
        .filter(p -> !p.isEmpty())
        .orElse(DRIVER_INSTALL_DIR);
  }

  /**
   * Whether the {@code plugin-validation} step runs: not without the device plugin (NVIDIA's rule),
   * nor with gpu-dra's DRA driver in the policy: the validator runs on every GPU node, and a DRA
   * node never has the {@code nvidia.com/gpu} capacity the step waits for (NVIDIA's DRA validator
   * checks those nodes by allocating a GPU through a claim).
   */
  static boolean pluginStep(OperandContext context) {
    boolean devicePlugin =
        context.spec().devicePlugin() == null || context.spec().devicePlugin().enabledOrDefault();
    return devicePlugin && context.spec().draDriver() == null;
  }

  /** {@code mig.strategy}; empty when absent, as NVIDIA's operator passes it. */
  private static String migStrategy(OperandContext context) {
    return Optional.ofNullable(context.spec().mig())
        .map(MigSpec::strategy)
        .map(OperatorValidatorSteps::strategyName)
        .orElse("");
  }

  private static String strategyName(MigStrategy strategy) {
    return switch (strategy) {
      case NONE -> "none";
      case SINGLE -> "single";
      case MIXED -> "mixed";
    };
  }

  private static List<EnvVar> stepEnv(
      OperandContext context, Function<ValidatorSpec, ValidatorStepSpec> stepSpec) {
    return Optional.ofNullable(context.spec().validator())
        .map(stepSpec)
        .map(ValidatorStepSpec::env)
        .orElse(List.of());
  }
}
