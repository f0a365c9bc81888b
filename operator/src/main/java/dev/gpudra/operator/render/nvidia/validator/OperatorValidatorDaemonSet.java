package dev.gpudra.operator.render.nvidia.validator;

import dev.gpudra.api.clusterpolicy.HostPathsSpec;
import dev.gpudra.api.clusterpolicy.ValidatorSpec;
import dev.gpudra.operator.render.OperandContext;
import dev.gpudra.operator.render.nvidia.asset.OperandAssets;
import dev.gpudra.operator.render.nvidia.asset.StateAssets;
import dev.gpudra.operator.render.nvidia.component.NvidiaComponent;
import dev.gpudra.operator.render.nvidia.component.NvidiaDaemonSet;
import dev.gpudra.operator.render.nvidia.component.PodEdits;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import java.util.List;
import java.util.Optional;

/**
 * {@code state-operator-validation}: NVIDIA's validator ({@code spec.validator}, else the
 * operator's {@code VALIDATOR_IMAGE}) on the nodes labelled {@code
 * nvidia.com/gpu.deploy.operator-validator=true}. Its init containers check, in order, the driver
 * (waiting for it), the container toolkit, a CUDA workload and, unless {@code devicePlugin.enabled}
 * is false or the policy has gpu-dra's {@code draDriver} (its DRA nodes never advertise it), a pod
 * asking for {@code nvidia.com/gpu}; each writes its {@code <step>-ready} file into the host's
 * {@code /run/nvidia/validations}, which the other operands wait for; the main container then
 * sleeps, and removes the files when it stops. It creates and deletes the workload pods in the
 * namespace and reads nodes. With the toolkit disabled NVIDIA's operator changes nothing here:
 * {@code toolkit-validation} then checks the host's own toolkit through the RuntimeClass. {@code
 * hostPaths.rootFS} and {@code hostPaths.driverInstallDir} move the host volumes (and set {@code
 * HOST_ROOT}, {@code DRIVER_INSTALL_DIR}) as NVIDIA's operator does. OpenShift's
 * SecurityContextConstraints and the deprecated PodSecurityPolicy use are left out. The objects are
 * the resources under {@code operands/state-operator-validation/}; its DaemonSet carries NVIDIA's
 * {@code app.kubernetes.io/part-of: gpu-operator} on itself, its pods and in its selector, so that
 * the DaemonSet NVIDIA's operator left is updated in place (a selector cannot change).
 */
public final class OperatorValidatorDaemonSet {
  /** NVIDIA's name of the DaemonSet, its service account and roles. */
  public static final String NAME = "nvidia-operator-validator";

  static final String STATE = "state-operator-validation";

  private OperatorValidatorDaemonSet() {}

  public static List<HasMetadata> objects(OperandContext context) {
    ValidatorSpec spec = context.spec().validator();
    NvidiaComponent component = NvidiaComponent.of(context, spec, "validator", "VALIDATOR_IMAGE");
    StateAssets assets = OperandAssets.bundled().load(STATE, context.namespace());
    daemonSet(context, component, assets.one(DaemonSet.class));
    return assets.objects();
  }

  private static void daemonSet(
      OperandContext context, NvidiaComponent component, DaemonSet daemonSet) {
    Optional<String> runtimeClass = OperatorValidatorRuntime.runtimeClassName(context);
    PodSpec pod = daemonSet.getSpec().getTemplate().getSpec();
    OperatorValidatorSteps.fill(context, pod, component.image(), runtimeClass);
    PodEdits.hostPath(pod, "driver-install-dir", OperatorValidatorSteps.installDir(context));
    PodEdits.hostPath(pod, "host-root", hostRoot(context));
    PodEdits.hostPath(pod, "host-dev-char", hostDevChar(context));
    if (!hostRoot(context).equals("/")) {
      pod.getInitContainers()
          .forEach(c -> OperatorValidatorEnv.set(c, "HOST_ROOT", hostRoot(context)));
      pod.getContainers().forEach(c -> OperatorValidatorEnv.set(c, "HOST_ROOT", hostRoot(context)));
    }
    NvidiaDaemonSet.apply(context, component, NAME, daemonSet);
    OperatorValidatorRuntime.apply(daemonSet, context, "toolkit-validation");
  }

  /** {@code hostPaths.rootFS}, {@code /} when empty. */
  static String hostRoot(OperandContext context) {
    return Optional.ofNullable(context.spec().hostPaths())
        .map(HostPathsSpec::rootFs)
        .filter(p -> !p.isEmpty())
        .orElse("/");
  }

  private static String hostDevChar(OperandContext context) {
    String root = hostRoot(context);
    return root.equals("/") ? "/dev/char" : root.replaceAll("/+$", "") + "/dev/char";
  }
}
