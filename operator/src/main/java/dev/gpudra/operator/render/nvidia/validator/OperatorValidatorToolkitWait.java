package dev.gpudra.operator.render.nvidia.validator;

import dev.gpudra.api.clusterpolicy.EnvVar;
import dev.gpudra.api.clusterpolicy.ValidatorSpec;
import dev.gpudra.api.clusterpolicy.ValidatorStepSpec;
import dev.gpudra.operator.render.OperandContext;
import dev.gpudra.operator.render.PodParts;
import dev.gpudra.operator.render.nvidia.component.NvidiaComponent;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.LocalObjectReference;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The {@code toolkit-validation} init container of the NVIDIA operands that need a working
 * container stack (DCGM, the DCGM exporter), in their base DaemonSets: it waits for the validator's
 * {@code toolkit-ready} file, run from the validator's image as NVIDIA's operator runs it: {@code
 * validator}'s pull policy, {@code validator.toolkit.env}, uid 0, and {@code validator}'s pull
 * secrets on the pod.
 */
public final class OperatorValidatorToolkitWait {
  static final String NAME = "toolkit-validation";

  private OperatorValidatorToolkitWait() {}

  /**
   * Fills the base DaemonSet's {@code toolkit-validation} init container after the component's
   * settings: the validator's image, {@code validator.toolkit.env}, pull policy and pull secrets.
   *
   * @throws dev.gpudra.operator.render.MissingImageException when no validator image is named
   * @throws IllegalArgumentException when the DaemonSet has no such init container
   */
  public static void apply(DaemonSet daemonSet, OperandContext context) {
    ValidatorSpec validator = context.spec().validator();
    Container wait =
        daemonSet.getSpec().getTemplate().getSpec().getInitContainers().stream()
            .filter(c -> c.getName().equals(NAME))
            .findFirst()
            .orElseThrow(() ->
                new IllegalArgumentException(
                    daemonSet.getMetadata().getName() + " has no init container " + NAME));
    wait.setImage(context.nvidiaImage(validator, "validator", "VALIDATOR_IMAGE"));
    OperatorValidatorEnv.setAll(wait, toolkitEnv(validator));
    finish(daemonSet, context);
  }

  private static List<EnvVar> toolkitEnv(ValidatorSpec validator) {
    return Optional.ofNullable(validator)
        .map(ValidatorSpec::toolkit)
        .map(ValidatorStepSpec::env)
        .orElse(List.of());
  }

  /**
   * What NVIDIA's operator sets after the component's own settings: the wait's pull policy is the
   * validator's, and the validator's pull secrets join the pod's.
   */
  private static void finish(DaemonSet daemonSet, OperandContext context) {
    ValidatorSpec validator = context.spec().validator();
    PodSpec pod = daemonSet.getSpec().getTemplate().getSpec();
    String policy = validatorPullPolicy(validator);
    pod.getInitContainers().stream()
        .filter(c -> c.getName().equals(NAME))
        .forEach(c -> c.setImagePullPolicy(policy));
    if (validator != null
        && validator.imagePullSecrets() != null
        && !validator.imagePullSecrets().isEmpty()) {
      List<LocalObjectReference> secrets = new ArrayList<>(pod.getImagePullSecrets());
      for (LocalObjectReference secret : PodParts.secrets(validator.imagePullSecrets())) {
        if (secrets.stream().noneMatch(s -> s.getName().equals(secret.getName()))) {
          secrets.add(secret);
        }
      }
      pod.setImagePullSecrets(secrets);
    }
  }

  /** The validator's pull policy as NVIDIA's operator normalises it. */
  static String validatorPullPolicy(ValidatorSpec validator) {
    return new NvidiaComponent(
            "",
            validator == null ? null : validator.imagePullPolicy(),
            null,
            null,
            null,
            null,
            false)
        .pullPolicy();
  }
}
