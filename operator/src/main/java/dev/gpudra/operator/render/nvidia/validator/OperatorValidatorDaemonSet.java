package dev.gpudra.operator.render.nvidia.validator;

import dev.gpudra.api.clusterpolicy.HostPathsSpec;
import dev.gpudra.api.clusterpolicy.ValidatorSpec;
import dev.gpudra.operator.render.OperandContext;
import dev.gpudra.operator.render.OperandRbac;
import dev.gpudra.operator.render.PodParts;
import dev.gpudra.operator.render.ValidationWait;
import dev.gpudra.operator.render.nvidia.component.NvidiaComponent;
import dev.gpudra.operator.render.nvidia.component.NvidiaDaemonSet;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodSpecBuilder;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
 * SecurityContextConstraints and the deprecated PodSecurityPolicy use are left out.
 */
public final class OperatorValidatorDaemonSet {
  /** NVIDIA's name of the DaemonSet, its service account and roles. */
  public static final String NAME = "nvidia-operator-validator";

  static final String PART_OF = "app.kubernetes.io/part-of";

  private OperatorValidatorDaemonSet() {}

  public static List<HasMetadata> objects(OperandContext context) {
    ValidatorSpec spec = context.spec().validator();
    NvidiaComponent component = NvidiaComponent.of(context, spec, "validator", "VALIDATOR_IMAGE");
    List<HasMetadata> objects = new ArrayList<>();
    objects.add(OperandRbac.serviceAccount(context, NAME));
    objects.addAll(
        OperandRbac.role(
            context,
            NAME,
            NAME,
            OperandRbac.fullAccess("", "pods"),
            OperandRbac.fullAccess("apps", "daemonsets"),
            OperandRbac.fullAccess("apps", "deployments")));
    objects.add(
        OperandRbac.clusterRole(
            NAME,
            List.of(
                OperandRbac.rule("", "nodes", "get", "list", "watch"),
                OperandRbac.rule("nvidia.com", "clusterpolicies/finalizers", "update"))));
    objects.add(OperandRbac.clusterRoleBinding(context, NAME));
    objects.add(daemonSet(context, component));
    return objects;
  }

  private static DaemonSet daemonSet(OperandContext context, NvidiaComponent component) {
    Optional<String> runtimeClass = OperatorValidatorRuntime.runtimeClassName(context);
    PodSpec pod =
        new PodSpecBuilder()
            .withInitContainers(OperatorValidatorSteps.of(context, component.image(), runtimeClass))
            .withContainers(main())
            .withVolumes(
                ValidationWait.volume(),
                PodParts.hostPath(
                    "driver-install-dir", OperatorValidatorSteps.installDir(context), null),
                PodParts.hostPath("host-root", hostRoot(context), null),
                PodParts.hostPath("host-dev-char", hostDevChar(context), null))
            .build();
    if (!hostRoot(context).equals("/")) {
      pod.getInitContainers()
          .forEach(c -> OperatorValidatorEnv.set(c, "HOST_ROOT", hostRoot(context)));
      pod.getContainers().forEach(c -> OperatorValidatorEnv.set(c, "HOST_ROOT", hostRoot(context)));
    }
    DaemonSet daemonSet = NvidiaDaemonSet.of(context, NAME, "operator-validator", component, pod);
    OperatorValidatorRuntime.apply(daemonSet, context, "toolkit-validation");
    partOfGpuOperator(daemonSet);
    return daemonSet;
  }

  private static Container main() {
    return new ContainerBuilder()
        .withName(NAME)
        .withCommand("sh", "-c")
        .withArgs("echo all validations are successful; while true; do sleep 86400; done")
        .withNewSecurityContext()
        .withPrivileged(true)
        .withRunAsUser(0L)
        .endSecurityContext()
        .withNewLifecycle()
        .withNewPreStop()
        .withNewExec()
        .withCommand("sh", "-c", "rm -f " + ValidationWait.DIR + "/*-ready")
        .endExec()
        .endPreStop()
        .endLifecycle()
        .withVolumeMounts(OperatorValidatorSteps.bidirectional())
        .build();
  }

  /**
   * NVIDIA's DaemonSet carries {@code app.kubernetes.io/part-of: gpu-operator} on itself, its pods
   * and in its selector; the selector must match NVIDIA's for the DaemonSet NVIDIA's operator left
   * to be updated in place (a selector cannot change).
   */
  private static void partOfGpuOperator(DaemonSet daemonSet) {
    Map<String, String> part = Map.of(PART_OF, "gpu-operator");
    daemonSet.getMetadata().getLabels().putAll(part);
    daemonSet.getSpec().getTemplate().getMetadata().getLabels().putAll(part);
    daemonSet.getSpec().getSelector().getMatchLabels().putAll(part);
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
