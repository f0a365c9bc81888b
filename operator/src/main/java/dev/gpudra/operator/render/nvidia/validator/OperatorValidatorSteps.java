package dev.gpudra.operator.render.nvidia.validator;

import dev.gpudra.api.clusterpolicy.EnvVar;
import dev.gpudra.api.clusterpolicy.MigSpec;
import dev.gpudra.api.clusterpolicy.MigStrategy;
import dev.gpudra.api.clusterpolicy.ValidatorSpec;
import dev.gpudra.api.clusterpolicy.ValidatorStepSpec;
import dev.gpudra.operator.render.OperandContext;
import dev.gpudra.operator.render.PodParts;
import dev.gpudra.operator.render.ValidationWait;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.SELinuxOptionsBuilder;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.VolumeMountBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The validator's steps, NVIDIA's init containers in NVIDIA's order, each running {@code
 * nvidia-validator} for its {@code COMPONENT} and writing its {@code <step>-ready} file: {@code
 * driver-validation} (waits for the driver), {@code toolkit-validation}, {@code cuda-validation}
 * (runs a CUDA workload pod) and {@code plugin-validation} (a pod asking for {@code
 * nvidia.com/gpu}), the last left out when the device plugin is disabled, as NVIDIA's operator
 * leaves it out. Each step takes {@code validator.<step>.env}.
 */
final class OperatorValidatorSteps {
  static final String VALIDATIONS_VOLUME = ValidationWait.VOLUME;
  static final String DRIVER_INSTALL_DIR = "/run/nvidia/driver";

  private OperatorValidatorSteps() {}

  /**
   * @param image the validator's image
   * @param runtimeClass the pods' RuntimeClass, which the workload pods get too
   */
  static List<Container> of(OperandContext context, String image, Optional<String> runtimeClass) {
    List<Container> steps = new ArrayList<>();
    steps.add(driver(context, image));
    steps.add(toolkit(context, image));
    steps.add(workload("cuda", context, image, runtimeClass, ValidatorSpec::cuda));
    if (pluginStep(context)) {
      steps.add(workload("plugin", context, image, runtimeClass, ValidatorSpec::plugin));
    }
    return steps;
  }

  private static Container driver(OperandContext context, String image) {
    String installDir = installDir(context);
    Container driver =
        step(
            "driver",
            image,
            List.of(
                PodParts.env("WITH_WAIT", "true"),
                PodParts.env("COMPONENT", "driver"),
                PodParts.fieldRef("OPERATOR_NAMESPACE", "metadata.namespace")));
    driver
        .getSecurityContext()
        .setSeLinuxOptions(new SELinuxOptionsBuilder().withLevel("s0").build());
    driver.setVolumeMounts(
        List.of(
            PodParts.hostToContainer("host-root", "/host"),
            PodParts.hostToContainerWritable("driver-install-dir", installDir),
            bidirectional(),
            PodParts.mount("host-dev-char", "/host-dev-char")));
    if (!installDir.equals(DRIVER_INSTALL_DIR)) {
      OperatorValidatorEnv.set(driver, "DRIVER_INSTALL_DIR", installDir);
      OperatorValidatorEnv.set(driver, "DRIVER_INSTALL_DIR_CTR_PATH", installDir);
    }
    OperatorValidatorEnv.setAll(driver, stepEnv(context, ValidatorSpec::driver));
    return driver;
  }

  private static Container toolkit(OperandContext context, String image) {
    Container toolkit =
        step(
            "toolkit",
            image,
            List.of(
                PodParts.env("NVIDIA_VISIBLE_DEVICES", "all"),
                PodParts.env("WITH_WAIT", "false"),
                PodParts.env("COMPONENT", "toolkit")));
    OperatorValidatorEnv.setAll(toolkit, stepEnv(context, ValidatorSpec::toolkit));
    return toolkit;
  }

  private static Container workload(
      String component,
      OperandContext context,
      String image,
      Optional<String> runtimeClass,
      Function<ValidatorSpec, ValidatorStepSpec> stepSpec) {
    List<io.fabric8.kubernetes.api.model.EnvVar> env = new ArrayList<>();
    if (component.equals("plugin")) {
      env.add(PodParts.env("COMPONENT", component));
      env.add(PodParts.env("WITH_WAIT", "false"));
      env.add(PodParts.env("WITH_WORKLOAD", "false"));
      env.add(PodParts.env("MIG_STRATEGY", migStrategy(context)));
    } else {
      env.add(PodParts.env("WITH_WAIT", "false"));
      env.add(PodParts.env("COMPONENT", component));
    }
    env.add(PodParts.fieldRef("NODE_NAME", "spec.nodeName"));
    env.add(PodParts.fieldRef("OPERATOR_NAMESPACE", "metadata.namespace"));
    Container step = step(component, image, env);
    ValidatorSpec validator = context.spec().validator();
    OperatorValidatorEnv.set(step, "VALIDATOR_IMAGE", image);
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
    return step;
  }

  /** A step as NVIDIA's asset starts it: its env in the asset's order, privileged, uid 0. */
  private static Container step(
      String component, String image, List<io.fabric8.kubernetes.api.model.EnvVar> env) {
    return new ContainerBuilder()
        .withName(component + "-validation")
        .withImage(image)
        .withCommand("sh", "-c")
        .withArgs("nvidia-validator")
        .withEnv(env)
        .withNewSecurityContext()
        .withPrivileged(true)
        .withRunAsUser(0L)
        .endSecurityContext()
        .withVolumeMounts(bidirectional())
        .build();
  }

  /** The validation files, shared both ways: the validator writes them for the host. */
  static VolumeMount bidirectional() {
    return new VolumeMountBuilder()
        .withName(VALIDATIONS_VOLUME)
        .withMountPath(ValidationWait.DIR)
        .withMountPropagation("Bidirectional")
        .build();
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
