package dev.gpudra.operator.render.nvidia.toolkit;

import dev.gpudra.api.clusterpolicy.CdiConfigSpec;
import dev.gpudra.api.clusterpolicy.ClusterPolicySpec;
import dev.gpudra.api.clusterpolicy.OperatorSpec;
import dev.gpudra.api.clusterpolicy.Runtime;
import dev.gpudra.api.clusterpolicy.ToolkitSpec;
import dev.gpudra.operator.render.DaemonSetShape;
import dev.gpudra.operator.render.OperandContext;
import dev.gpudra.operator.render.OperandRbac;
import dev.gpudra.operator.render.PodParts;
import dev.gpudra.operator.render.StateRefusedException;
import dev.gpudra.operator.render.ValidationWait;
import dev.gpudra.operator.render.nvidia.component.NvidiaComponent;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodSpecBuilder;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeBuilder;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.VolumeMountBuilder;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
 */
public final class ContainerToolkitDaemonSet {
  /** NVIDIA's name of the DaemonSet. */
  public static final String NAME = "nvidia-container-toolkit-daemonset";

  /** NVIDIA's service account of the toolkit's pods. */
  static final String ACCOUNT = "nvidia-container-toolkit";

  /** The ConfigMap holding the toolkit container's entrypoint. */
  static final String ENTRYPOINT = "nvidia-container-toolkit-entrypoint";

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
    List<HasMetadata> objects = new ArrayList<>();
    objects.add(OperandRbac.serviceAccount(context, ACCOUNT));
    objects.add(entrypoint(context));
    objects.add(daemonSet(context, component));
    return objects;
  }

  private static DaemonSet daemonSet(OperandContext context, NvidiaComponent component) {
    List<VolumeMount> mounts = new ArrayList<>(mainMounts(installDir(context)));
    List<Volume> volumes = new ArrayList<>(volumes(context));
    ContainerToolkitEnv env = mainEnv(context);
    runtime(context).applyTo(env, mounts, volumes);
    Container main =
        new ContainerBuilder()
            .withName(MAIN)
            .withCommand("/bin/sh", "-c")
            .withArgs("/bin/entrypoint.sh")
            .withEnv(env.toList())
            .withNewSecurityContext()
            .withPrivileged(true)
            .withNewSeLinuxOptions()
            .withLevel("s0")
            .endSeLinuxOptions()
            .endSecurityContext()
            .withVolumeMounts(mounts)
            .build();
    ContainerToolkitValidation validation = new ContainerToolkitValidation(context);
    PodSpec pod =
        new PodSpecBuilder()
            .withHostPID(true)
            .withInitContainers(validation.initContainer())
            .withContainers(main)
            .withVolumes(volumes)
            .build();
    pod.setServiceAccountName(ACCOUNT);
    component.applyTo(pod, MAIN);
    validation.applyTo(pod);
    return DaemonSetShape.of(context, NAME, "container-toolkit", Map.of(), pod);
  }

  /**
   * The asset's variables, {@code HOST_ROOT} for a custom {@code hostPaths.rootFS}, CDI's or
   * CRI-O's hook mode, {@code ROOT} for a custom install directory, then the policy's.
   */
  static ContainerToolkitEnv mainEnv(OperandContext context) {
    ClusterPolicySpec spec = context.spec();
    ContainerToolkitEnv env =
        new ContainerToolkitEnv(
            PodParts.env("ROOT", DEFAULT_INSTALL_DIR),
            PodParts.env(
                "NVIDIA_CONTAINER_RUNTIME_MODES_CDI_DEFAULT_KIND", "management.nvidia.com/gpu"),
            PodParts.env("NVIDIA_VISIBLE_DEVICES", "void"),
            PodParts.env("TOOLKIT_PID_FILE", "/run/nvidia/toolkit/toolkit.pid"),
            PodParts.fieldRef("NRI_NAMESPACE", "metadata.namespace"));
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

  private static List<VolumeMount> mainMounts(String installDir) {
    return List.of(
        new VolumeMountBuilder()
            .withName(ENTRYPOINT)
            .withMountPath("/bin/entrypoint.sh")
            .withSubPath("entrypoint.sh")
            .withReadOnly(true)
            .build(),
        PodParts.mount("toolkit-root", "/run/nvidia/toolkit"),
        PodParts.mount(ValidationWait.VOLUME, ValidationWait.DIR),
        PodParts.mount("toolkit-install-dir", installDir),
        PodParts.mount("crio-hooks", "/usr/share/containers/oci/hooks.d"),
        PodParts.hostToContainerWritable("driver-install-dir", "/driver-root"),
        PodParts.hostToContainer("host-root", "/host"),
        PodParts.mount("cdi-root", "/var/run/cdi"));
  }

  private static List<Volume> volumes(OperandContext context) {
    String hostRoot = ContainerToolkitValidation.hostRoot(context).orElse("/");
    return List.of(
        new VolumeBuilder()
            .withName(ENTRYPOINT)
            .withNewConfigMap()
            .withName(ENTRYPOINT)
            .withDefaultMode(0700)
            .endConfigMap()
            .build(),
        PodParts.hostPath("toolkit-root", "/run/nvidia/toolkit", "DirectoryOrCreate"),
        ValidationWait.volume(),
        PodParts.hostPath(
            "driver-install-dir",
            ContainerToolkitValidation.driverInstallDir(context),
            "DirectoryOrCreate"),
        PodParts.hostPath("host-root", hostRoot, null),
        PodParts.hostPath("toolkit-install-dir", installDir(context), null),
        PodParts.hostPath("crio-hooks", crioHooks(context), null),
        PodParts.hostPath(
            "host-dev-char", hostRoot.equals("/") ? "/dev/char" : hostRoot + "/dev/char", null),
        PodParts.hostPath("cdi-root", context.cdiRoot(), "DirectoryOrCreate"));
  }

  private static String crioHooks(OperandContext context) {
    return context.runtime() == Runtime.CRIO
        ? "/usr/share/containers/oci/hooks.d"
        : "/run/containers/oci/hooks.d";
  }

  /**
   * The entrypoint: waits for {@code driver-ready}, exports what it says (the driver root the
   * validator found), waits five seconds (NVIDIA's guard against containerd 1.6.9+ restarting the
   * container as it is reconfigured), then runs {@code nvidia-toolkit}.
   */
  private static HasMetadata entrypoint(OperandContext context) {
    String ready = ValidationWait.DIR + "/driver-ready";
    String script =
        String.join(
            "\n",
            "#!/bin/sh",
            "",
            "until [ -f " + ready + " ]; do",
            "  echo \"waiting for the driver validations to be ready...\"",
            "  sleep 5",
            "done",
            "",
            "set -o allexport",
            "cat " + ready,
            ". " + ready,
            "",
            "# containerd 1.6.9 and later may stop a toolkit container restarted at once",
            "sleep 5",
            "",
            "exec nvidia-toolkit");
    return new ConfigMapBuilder()
        .withNewMetadata()
        .withName(ENTRYPOINT)
        .withNamespace(context.namespace())
        .addToLabels("app", NAME)
        .endMetadata()
        .withData(Map.of("entrypoint.sh", script))
        .build();
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
