package dev.gpudra.operator.render.nvidia.sandbox;

import dev.gpudra.api.clusterpolicy.VgpuDeviceManagerSpec;
import dev.gpudra.api.clusterpolicy.VgpuDevicesConfigSpec;
import dev.gpudra.operator.render.OperandContext;
import dev.gpudra.operator.render.OperandRbac;
import dev.gpudra.operator.render.PodParts;
import dev.gpudra.operator.render.StateRefusedException;
import dev.gpudra.operator.render.ValidationWait;
import dev.gpudra.operator.render.nvidia.component.NvidiaComponent;
import dev.gpudra.operator.render.nvidia.component.NvidiaDaemonSet;
import dev.gpudra.operator.render.nvidia.gfd.GfdEnv;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodSpecBuilder;
import io.fabric8.kubernetes.api.model.VolumeBuilder;
import io.fabric8.kubernetes.api.model.VolumeMountBuilder;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code state-vgpu-device-manager}: NVIDIA's vGPU device manager ({@code spec.vgpuDeviceManager},
 * else {@code VGPU_DEVICE_MANAGER_IMAGE}) on the nodes labelled {@code
 * nvidia.com/gpu.deploy.vgpu-device-manager=true} (the {@code vm-vgpu} ones), after the sandbox
 * validator's {@code vgpu-manager-ready} (its {@code vgpu-manager-validation} init container, in
 * the validator's image). It creates the vGPU devices of the layout the node's {@code
 * nvidia.com/vgpu.config} label names, else {@code vgpuDeviceManager.config.default} ({@code
 * DEFAULT_VGPU_CONFIG}, {@code default} when unset), from the ConfigMap {@code
 * vgpuDeviceManager.config.name} ({@code /vgpu-config/config.yaml}), reading the host's {@code
 * /sys} and the vGPU manager's driver root ({@code /run/nvidia/driver} at {@code /driver-root});
 * the sandbox validator's {@code vgpu-devices} step then writes {@code vgpu-devices-ready}. It
 * reads pods here and reads and labels nodes.
 *
 * <p>Honoured: the image keys, {@code resources}, {@code args}, {@code env}, {@code hostNetwork},
 * {@code config.name} and {@code config.default}. Refused: an empty {@code config.name} or one
 * naming NVIDIA's {@code default-vgpu-devices-config}, which gpu-dra's operator does not ship (its
 * layouts are per GPU model and vGPU type, for every vGPU-capable GPU NVIDIA supports). Not
 * rendered: NVIDIA's OpenShift-only SCC rule and the {@code clusterversions} rule.
 */
public final class VgpuDeviceManagerDaemonSet {
  /** NVIDIA's name of the DaemonSet, its container and its service account. */
  public static final String NAME = "nvidia-vgpu-device-manager";

  /** NVIDIA's shipped vGPU layouts, which gpu-dra's operator does not render. */
  static final String DEFAULT_DEVICES = "default-vgpu-devices-config";

  /** NVIDIA's name of the wait for the vGPU manager, in the validator's image. */
  static final String WAIT = "vgpu-manager-validation";

  private VgpuDeviceManagerDaemonSet() {}

  /**
   * @throws StateRefusedException when the policy relies on NVIDIA's {@code
   *     default-vgpu-devices-config}
   * @throws dev.gpudra.operator.render.MissingImageException when an image is named nowhere
   */
  public static List<HasMetadata> objects(OperandContext context) {
    String layouts = layouts(context);
    VgpuDeviceManagerSpec spec = context.spec().vgpuDeviceManager();
    NvidiaComponent component =
        NvidiaComponent.of(context, spec, "vgpuDeviceManager", "VGPU_DEVICE_MANAGER_IMAGE");
    List<HasMetadata> objects = new ArrayList<>();
    objects.add(OperandRbac.serviceAccount(context, NAME));
    objects.addAll(
        OperandRbac.role(
            context, NAME, NAME, OperandRbac.rule("", "pods", "get", "list", "watch")));
    objects.add(
        OperandRbac.clusterRole(
            NAME, List.of(OperandRbac.rule("", "nodes", "get", "list", "watch", "update"))));
    objects.add(OperandRbac.clusterRoleBinding(context, NAME));
    objects.add(daemonSet(context, component, layouts));
    return objects;
  }

  /**
   * The ConfigMap of vGPU layouts the manager reads ({@code vgpuDeviceManager.config.name}).
   *
   * @throws StateRefusedException when it is empty or names NVIDIA's {@code
   *     default-vgpu-devices-config}
   */
  static String layouts(OperandContext context) {
    String name =
        config(context).map(VgpuDevicesConfigSpec::name).filter(n -> !n.isEmpty()).orElse("");
    if (name.isEmpty() || name.equals(DEFAULT_DEVICES)) {
      throw new StateRefusedException(
          "spec.vgpuDeviceManager.config.name: NVIDIA's "
              + DEFAULT_DEVICES
              + " (its vGPU device layouts for every vGPU-capable GPU) is not shipped by gpu-dra's"
              + " operator; create a ConfigMap in namespace "
              + context.namespace()
              + " with your vgpu-device-manager layouts (version: v1, vgpu-configs) under the key"
              + " config.yaml and name it in spec.vgpuDeviceManager.config.name");
    }
    return name;
  }

  /** The layout of a node without a label ({@code config.default}, else {@code default}). */
  static String defaultLayout(OperandContext context) {
    return config(context)
        .map(VgpuDevicesConfigSpec::defaultConfig)
        .filter(d -> !d.isEmpty())
        .orElse("default");
  }

  private static Optional<VgpuDevicesConfigSpec> config(OperandContext context) {
    return Optional.ofNullable(context.spec().vgpuDeviceManager())
        .map(VgpuDeviceManagerSpec::config);
  }

  private static DaemonSet daemonSet(
      OperandContext context, NvidiaComponent component, String layouts) {
    PodSpec pod =
        new PodSpecBuilder()
            .withInitContainers(managerWait(context))
            .withContainers(main())
            .withVolumes(
                new VolumeBuilder()
                    .withName("vgpu-config")
                    .withNewConfigMap()
                    .withName(layouts)
                    .endConfigMap()
                    .build(),
                PodParts.hostPath("host-sys", "/sys", "Directory"),
                PodParts.hostPath("host-root", "/", null),
                PodParts.hostPath("driver-install-dir", "/run/nvidia/driver", "DirectoryOrCreate"),
                ValidationWait.volume())
            .build();
    DaemonSet ds = NvidiaDaemonSet.of(context, NAME, "vgpu-device-manager", component, pod);
    PodSpec rendered = ds.getSpec().getTemplate().getSpec();
    GfdEnv.set(GfdEnv.container(rendered, NAME), "DEFAULT_VGPU_CONFIG", defaultLayout(context));
    SandboxPods.ownPullSettings(rendered, WAIT, context.spec().validator());
    return ds;
  }

  /** NVIDIA's wait for the vGPU manager, run as root as NVIDIA's validator containers are. */
  private static Container managerWait(OperandContext context) {
    Container wait =
        ValidationWait.initContainer(
            WAIT,
            SandboxPods.validatorImage(context),
            "vgpu-manager-ready",
            "NVIDIA vGPU Manager to be setup");
    wait.getSecurityContext().setRunAsUser(0L);
    wait.setVolumeMounts(
        List.of(
            new VolumeMountBuilder()
                .withName(ValidationWait.VOLUME)
                .withMountPath(ValidationWait.DIR)
                .withMountPropagation("Bidirectional")
                .build()));
    return wait;
  }

  private static Container main() {
    return new ContainerBuilder()
        .withName(NAME)
        .withEnv(
            PodParts.fieldRef("NAMESPACE", "metadata.namespace"),
            PodParts.fieldRef("NODE_NAME", "spec.nodeName"),
            PodParts.env("CONFIG_FILE", "/vgpu-config/config.yaml"))
        .withNewSecurityContext()
        .withPrivileged(true)
        .endSecurityContext()
        .withVolumeMounts(
            PodParts.mount("vgpu-config", "/vgpu-config"),
            PodParts.mount("host-sys", "/sys"),
            PodParts.hostToContainerWritable("host-root", "/host"),
            PodParts.hostToContainerWritable("driver-install-dir", "/driver-root"))
        .build();
  }
}
