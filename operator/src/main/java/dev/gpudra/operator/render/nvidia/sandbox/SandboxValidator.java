package dev.gpudra.operator.render.nvidia.sandbox;

import dev.gpudra.api.clusterpolicy.ValidatorSpec;
import dev.gpudra.api.clusterpolicy.ValidatorStepSpec;
import dev.gpudra.operator.render.OperandContext;
import dev.gpudra.operator.render.nvidia.asset.OperandAssets;
import dev.gpudra.operator.render.nvidia.asset.StateAssets;
import dev.gpudra.operator.render.nvidia.component.NvidiaComponent;
import dev.gpudra.operator.render.nvidia.component.NvidiaDaemonSet;
import dev.gpudra.operator.render.nvidia.component.PodEdits;
import dev.gpudra.operator.render.nvidia.gfd.GfdEnv;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * {@code state-sandbox-validation}: NVIDIA's validator ({@code spec.validator}, else {@code
 * VALIDATOR_IMAGE}) on the nodes labelled {@code nvidia.com/gpu.deploy.sandbox-validator=true}. Its
 * init containers run {@code nvidia-validator} in turn for {@code cc-manager} (while {@code
 * ccManager.enabled}), {@code vfio-pci}, {@code vgpu-manager} and {@code vgpu-devices}, each
 * waiting ({@code WITH_WAIT}) until its step holds and writing {@code <step>-ready} into {@code
 * /run/nvidia/validations}, which the sandbox operands wait for; the vfio and vGPU steps learn the
 * default workload ({@code DEFAULT_GPU_WORKLOAD_CONFIG}) and take {@code validator.vfioPCI}, {@code
 * .vgpuManager}, {@code .vgpuDevices} {@code env}. The main container sleeps and removes the files
 * when it stops. NVIDIA's OpenShift SCC role is not rendered. The objects are the resources under
 * {@code operands/state-sandbox-validation/}, the policy's settings applied.
 */
public final class SandboxValidator {
  /** NVIDIA's name of the DaemonSet, its main container and service account. */
  public static final String NAME = "nvidia-sandbox-validator";

  static final String STATE = "state-sandbox-validation";

  private SandboxValidator() {}

  public static List<HasMetadata> objects(OperandContext context) {
    ValidatorSpec spec = context.spec().validator();
    NvidiaComponent component = NvidiaComponent.of(context, spec, "validator", "VALIDATOR_IMAGE");
    StateAssets assets = OperandAssets.bundled().load(STATE, context.namespace());
    DaemonSet daemonSet = assets.one(DaemonSet.class);
    PodSpec pod = daemonSet.getSpec().getTemplate().getSpec();
    var cc = context.spec().ccManager();
    if (cc == null || !cc.enabledOrDefault()) {
      pod.getInitContainers().removeIf(c -> c.getName().equals("cc-manager-validation"));
    }
    String image = SandboxPods.validatorImage(context);
    pod.getInitContainers().forEach(step -> step.setImage(image));
    step(context, pod, "vfio-pci", ValidatorSpec::vfioPci);
    step(context, pod, "vgpu-manager", ValidatorSpec::vgpuManager);
    step(context, pod, "vgpu-devices", ValidatorSpec::vgpuDevices);
    NvidiaDaemonSet.apply(context, component, NAME, daemonSet);
    return assets.objects();
  }

  /**
   * The step's default workload, then its block's {@code env} of {@code spec.validator}.
   *
   * @param component the step's {@code COMPONENT}
   */
  private static void step(
      OperandContext context,
      PodSpec pod,
      String component,
      Function<ValidatorSpec, ValidatorStepSpec> env) {
    Container step = PodEdits.initContainer(pod, component + "-validation");
    GfdEnv.set(step, "DEFAULT_GPU_WORKLOAD_CONFIG", SandboxPods.defaultWorkload(context));
    Optional.ofNullable(context.spec().validator())
        .map(env)
        .map(ValidatorStepSpec::env)
        .orElse(List.of())
        .forEach(e -> GfdEnv.set(step, e.name(), e.value()));
  }
}
