package dev.gpudra.operator.render.nvidia.sandbox;

import dev.gpudra.api.clusterpolicy.ValidatorSpec;
import dev.gpudra.api.clusterpolicy.ValidatorStepSpec;
import dev.gpudra.operator.render.OperandContext;
import dev.gpudra.operator.render.OperandRbac;
import dev.gpudra.operator.render.PodParts;
import dev.gpudra.operator.render.ValidationWait;
import dev.gpudra.operator.render.nvidia.component.NvidiaComponent;
import dev.gpudra.operator.render.nvidia.component.NvidiaDaemonSet;
import dev.gpudra.operator.render.nvidia.gfd.GfdEnv;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodSpecBuilder;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.VolumeMountBuilder;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import java.util.ArrayList;
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
 * when it stops. NVIDIA's OpenShift SCC role is not rendered.
 */
public final class SandboxValidator {
  /** NVIDIA's name of the DaemonSet, its main container and service account. */
  public static final String NAME = "nvidia-sandbox-validator";

  private SandboxValidator() {}

  public static List<HasMetadata> objects(OperandContext context) {
    ValidatorSpec spec = context.spec().validator();
    NvidiaComponent component = NvidiaComponent.of(context, spec, "validator", "VALIDATOR_IMAGE");
    List<HasMetadata> objects = new ArrayList<>();
    objects.add(OperandRbac.serviceAccount(context, NAME));
    objects.add(OperandRbac.clusterRole(NAME, List.of(OperandRbac.rule("", "nodes", "get"))));
    objects.add(OperandRbac.clusterRoleBinding(context, NAME));
    objects.add(daemonSet(context, component));
    return objects;
  }

  private static DaemonSet daemonSet(OperandContext context, NvidiaComponent component) {
    List<Container> steps = new ArrayList<>();
    var cc = context.spec().ccManager();
    if (cc != null && cc.enabledOrDefault()) {
      steps.add(step(context, "cc-manager", null, false));
    }
    steps.add(step(context, "vfio-pci", ValidatorSpec::vfioPci, false));
    steps.add(step(context, "vgpu-manager", ValidatorSpec::vgpuManager, true));
    steps.add(step(context, "vgpu-devices", ValidatorSpec::vgpuDevices, false));
    Container main =
        new ContainerBuilder()
            .withName(NAME)
            .withCommand("sh", "-c")
            .withArgs("echo all validations are successful; sleep infinity")
            .withNewSecurityContext()
            .withPrivileged(true)
            .withRunAsUser(0L)
            .endSecurityContext()
            .withNewLifecycle()
            .withNewPreStop()
            .withNewExec()
            .withCommand("/bin/sh", "-c", "rm -f " + ValidationWait.DIR + "/*")
            .endExec()
            .endPreStop()
            .endLifecycle()
            .withVolumeMounts(bidirectional())
            .build();
    PodSpec pod =
        new PodSpecBuilder()
            .withInitContainers(steps)
            .withContainers(main)
            .withVolumes(
                ValidationWait.volume(),
                PodParts.hostPath("driver-install-path", "/run/nvidia/driver", null),
                PodParts.hostPath("host-root", "/", null))
            .build();
    DaemonSet ds = NvidiaDaemonSet.of(context, NAME, "sandbox-validator", component, pod);
    ds.getMetadata().getLabels().put("app.kubernetes.io/part-of", "gpu-operator");
    ds.getSpec()
        .getTemplate()
        .getMetadata()
        .getLabels()
        .put("app.kubernetes.io/part-of", "gpu-operator");
    return ds;
  }

  /**
   * @param env the step's block of {@code spec.validator}; null for the CC manager's, which has
   *     none
   * @param driver whether the step reads the vGPU manager's driver root
   */
  private static Container step(
      OperandContext context,
      String component,
      Function<ValidatorSpec, ValidatorStepSpec> env,
      boolean driver) {
    List<VolumeMount> mounts = new ArrayList<>();
    if (!component.equals("vgpu-devices") && !component.equals("cc-manager")) {
      mounts.add(PodParts.hostToContainer("host-root", "/host"));
    }
    if (driver) {
      mounts.add(PodParts.hostToContainerWritable("driver-install-path", "/run/nvidia/driver"));
    }
    mounts.add(bidirectional());
    Container step =
        new ContainerBuilder()
            .withName(component + "-validation")
            .withImage(SandboxPods.validatorImage(context))
            .withCommand("sh", "-c")
            .withArgs("nvidia-validator")
            .withEnv(
                PodParts.env("WITH_WAIT", "true"),
                PodParts.env("COMPONENT", component),
                PodParts.fieldRef("NODE_NAME", "spec.nodeName"))
            .withNewSecurityContext()
            .withPrivileged(true)
            .endSecurityContext()
            .withVolumeMounts(mounts)
            .build();
    if (env != null) {
      GfdEnv.set(step, "DEFAULT_GPU_WORKLOAD_CONFIG", SandboxPods.defaultWorkload(context));
      Optional.ofNullable(context.spec().validator())
          .map(env)
          .map(ValidatorStepSpec::env)
          .orElse(List.of())
          .forEach(e -> GfdEnv.set(step, e.name(), e.value()));
    }
    return step;
  }

  private static VolumeMount bidirectional() {
    return new VolumeMountBuilder()
        .withName(ValidationWait.VOLUME)
        .withMountPath(ValidationWait.DIR)
        .withMountPropagation("Bidirectional")
        .build();
  }
}
