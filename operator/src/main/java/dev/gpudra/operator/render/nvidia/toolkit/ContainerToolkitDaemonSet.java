package dev.gpudra.operator.render.nvidia.toolkit;

import dev.gpudra.api.clusterpolicy.CdiConfigSpec;
import dev.gpudra.api.clusterpolicy.ClusterPolicySpec;
import dev.gpudra.api.clusterpolicy.OperatorSpec;
import dev.gpudra.api.clusterpolicy.Runtime;
import dev.gpudra.api.clusterpolicy.ToolkitSpec;
import dev.gpudra.operator.render.OperandContext;
import dev.gpudra.operator.render.StateRefusedException;
import dev.gpudra.operator.render.nvidia.asset.OperandAssets;
import dev.gpudra.operator.render.nvidia.asset.StateAssets;
import dev.gpudra.operator.render.nvidia.component.NvidiaComponent;
import dev.gpudra.operator.render.nvidia.component.NvidiaDaemonSet;
import dev.gpudra.operator.render.nvidia.component.PodEdits;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import java.util.List;
import java.util.Optional;

/**
 * {@code state-container-toolkit}: NVIDIA's container toolkit image ({@code spec.toolkit}, else
 * {@code CONTAINER_TOOLKIT_IMAGE}) on the nodes labelled {@code
 * nvidia.com/gpu.deploy.container-toolkit=true}, installing the toolkit into {@code
 * toolkit.installDir} ({@code /usr/local/nvidia}) and configuring the nodes' runtime ({@link
 * ContainerToolkitRuntime}). It starts behind NVIDIA's {@code driver-validation} init container
 * (the validator image in its {@code driver} mode, waiting for the driver and writing {@code
 * driver-ready}), and its entrypoint sources {@code driver-ready} for the driver root; it then
 * installs the toolkit, after which the validator writes {@code toolkit-ready} for the operands
 * above it.
 *
 * <p>With {@code cdi.enabled} (the default) the toolkit is told to use CDI ({@code CDI_ENABLED},
 * {@code NVIDIA_CONTAINER_RUNTIME_MODE=cdi}, {@code NVIDIA_RUNTIME_SET_AS_DEFAULT=false}, {@code
 * CRIO_CONFIG_MODE=config}, and {@code ENABLE_NRI_PLUGIN} with {@code cdi.nriPluginEnabled});
 * without it, CRI-O gets the OCI hook ({@code CRIO_CONFIG_MODE=hook}). The policy's {@code
 * toolkit.env} is set before the runtime's variables, as NVIDIA's, so it can name the runtime's
 * files. The host's CDI directory is {@code hostPaths.cdiRoot} (NVIDIA's fixed {@code /var/run/cdi}
 * unless set). {@code toolkit.args} is refused: NVIDIA's operator never gives them to the toolkit,
 * whose entrypoint takes none.
 *
 * <p>Not rendered: the OpenShift-only Role and RoleBinding (the {@code privileged} SCC) and the
 * DaemonSet's {@code openshift.io/scc} annotation; on OpenShift NVIDIA keeps CRI-O's hook directory
 * at {@code /run/containers/oci/hooks.d}, here CRI-O always uses {@code
 * /usr/share/containers/oci/hooks.d} as NVIDIA does elsewhere.
 *
 * <p>The objects are the resources under {@code operands/state-container-toolkit/}: the entrypoint
 * ConfigMap waits for {@code driver-ready}, exports what it says, waits five seconds (NVIDIA's
 * guard against containerd 1.6.9+ restarting the container as it is reconfigured), then runs {@code
 * nvidia-toolkit}; the policy's host paths, variables and runtime are applied to the DaemonSet.
 */
public final class ContainerToolkitDaemonSet {
  /** NVIDIA's name of the DaemonSet. */
  public static final String NAME = "nvidia-container-toolkit-daemonset";

  /** NVIDIA's service account of the toolkit's pods. */
  static final String ACCOUNT = "nvidia-container-toolkit";

  static final String STATE = "state-container-toolkit";

  static final String MAIN = "nvidia-container-toolkit-ctr";
  static final String DEFAULT_INSTALL_DIR = "/usr/local/nvidia";

  private ContainerToolkitDaemonSet() {}

  /**
   * @throws StateRefusedException for {@code toolkit.args}
   * @throws dev.gpudra.operator.render.MissingImageException when the toolkit's or the validator's
   *     image is named nowhere
   */
  public static List<HasMetadata> objects(OperandContext context) {
    ToolkitSpec spec = context.spec().toolkit();
    if (spec != null && spec.args() != null && !spec.args().isEmpty()) {
      throw new StateRefusedException(
          "spec.toolkit.args: NVIDIA's operator never gives args to the toolkit container, whose"
              + " entrypoint takes none; remove them or set toolkit.env instead");
    }
    NvidiaComponent component =
        NvidiaComponent.of(
            context,
            spec,
            "toolkit",
            "CONTAINER_TOOLKIT_IMAGE",
            spec == null
                ? NvidiaComponent.Overrides.NONE
                : new NvidiaComponent.Overrides(spec.resources(), null, null, spec.hostNetwork()));
    StateAssets assets = OperandAssets.bundled().load(STATE, context.namespace());
    daemonSet(context, component, assets.one(DaemonSet.class));
    return assets.objects();
  }

  private static void daemonSet(
      OperandContext context, NvidiaComponent component, DaemonSet daemonSet) {
    PodSpec pod = daemonSet.getSpec().getTemplate().getSpec();
    Container main = PodEdits.container(pod, MAIN);
    hostPaths(context, pod);
    PodEdits.mountPath(main, "toolkit-install-dir", installDir(context));
    ContainerToolkitEnv env = mainEnv(context, main.getEnv());
    runtime(context).applyTo(env, main.getVolumeMounts(), pod.getVolumes());
    main.setEnv(env.toList());
    ContainerToolkitValidation validation = new ContainerToolkitValidation(context);
    validation.fill(PodEdits.initContainer(pod, ContainerToolkitValidation.NAME));
    NvidiaDaemonSet.apply(context, component, MAIN, daemonSet);
    validation.applyTo(pod);
  }

  /**
   * The base's variables, {@code HOST_ROOT} for a custom {@code hostPaths.rootFS}, CDI's or CRI-O's
   * hook mode, {@code ROOT} for a custom install directory, then the policy's.
   */
  static ContainerToolkitEnv mainEnv(OperandContext context, List<EnvVar> base) {
    ClusterPolicySpec spec = context.spec();
    ContainerToolkitEnv env = new ContainerToolkitEnv(base.toArray(EnvVar[]::new));
    ContainerToolkitValidation.hostRoot(context).ifPresent(root -> env.set("HOST_ROOT", root));
    if (cdiEnabled(spec)) {
      env.set("CDI_ENABLED", "true")
          .set("NVIDIA_RUNTIME_SET_AS_DEFAULT", "false")
          .set("NVIDIA_CONTAINER_RUNTIME_MODE", "cdi")
          .set("CRIO_CONFIG_MODE", "config");
      if (nriPlugin(spec)) {
        env.set("ENABLE_NRI_PLUGIN", "true");
      }
    } else if (context.runtime() == Runtime.CRIO) {
      env.set("CRIO_CONFIG_MODE", "hook");
    }
    String installDir = installDir(context);
    if (!installDir.equals(DEFAULT_INSTALL_DIR)) {
      env.set("ROOT", installDir);
    }
    return env.setAll(spec.toolkit() == null ? null : spec.toolkit().env());
  }

  /** The host paths the policy and the node's runtime decide. */
  private static void hostPaths(OperandContext context, PodSpec pod) {
    String hostRoot = ContainerToolkitValidation.hostRoot(context).orElse("/");
    PodEdits.hostPath(
        pod, "driver-install-dir", ContainerToolkitValidation.driverInstallDir(context));
    PodEdits.hostPath(pod, "host-root", hostRoot);
    PodEdits.hostPath(pod, "toolkit-install-dir", installDir(context));
    PodEdits.hostPath(pod, "crio-hooks", crioHooks(context));
    PodEdits.hostPath(
        pod, "host-dev-char", hostRoot.equals("/") ? "/dev/char" : hostRoot + "/dev/char");
    PodEdits.hostPath(pod, "cdi-root", context.cdiRoot());
  }

  private static String crioHooks(OperandContext context) {
    return context.runtime() == Runtime.CRIO
        ? "/usr/share/containers/oci/hooks.d"
        : "/run/containers/oci/hooks.d";
  }

  /** {@code toolkit.installDir}, NVIDIA's {@code /usr/local/nvidia} when unset. */
  static String installDir(OperandContext context) {
    return Optional.ofNullable(context.spec().toolkit())
        .map(ToolkitSpec::installDir)
        .filter(dir -> !dir.isEmpty())
        .orElse(DEFAULT_INSTALL_DIR);
  }

  private static ContainerToolkitRuntime runtime(OperandContext context) {
    String runtimeClass =
        Optional.ofNullable(context.spec().operator())
            .map(OperatorSpec::runtimeClass)
            .filter(name -> !name.isEmpty())
            .orElse("nvidia");
    return new ContainerToolkitRuntime(context.runtime(), runtimeClass, nriPlugin(context.spec()));
  }

  static boolean cdiEnabled(ClusterPolicySpec spec) {
    return spec.cdi() == null || spec.cdi().enabledOrDefault();
  }

  /** NVIDIA's NRI plugin: only with CDI explicitly on. */
  static boolean nriPlugin(ClusterPolicySpec spec) {
    CdiConfigSpec cdi = spec.cdi();
    return cdi != null
        && Boolean.TRUE.equals(cdi.enabled())
        && Boolean.TRUE.equals(cdi.nriPluginEnabled());
  }
}
