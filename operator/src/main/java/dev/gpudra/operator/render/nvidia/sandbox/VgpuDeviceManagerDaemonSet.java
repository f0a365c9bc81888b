package dev.gpudra.operator.render.nvidia.sandbox;

import dev.gpudra.api.clusterpolicy.VgpuDeviceManagerSpec;
import dev.gpudra.api.clusterpolicy.VgpuDevicesConfigSpec;
import dev.gpudra.operator.render.OperandContext;
import dev.gpudra.operator.render.StateRefusedException;
import dev.gpudra.operator.render.nvidia.asset.OperandAssets;
import dev.gpudra.operator.render.nvidia.asset.StateAssets;
import dev.gpudra.operator.render.nvidia.component.NvidiaComponent;
import dev.gpudra.operator.render.nvidia.component.NvidiaDaemonSet;
import dev.gpudra.operator.render.nvidia.component.PodEdits;
import dev.gpudra.operator.render.nvidia.gfd.GfdEnv;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
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
 * rendered: NVIDIA's OpenShift-only SCC rule and the {@code clusterversions} rule. The objects are
 * the resources under {@code operands/state-vgpu-device-manager/}, the policy's settings applied.
 */
public final class VgpuDeviceManagerDaemonSet {
  /** NVIDIA's name of the DaemonSet, its container and its service account. */
  public static final String NAME = "nvidia-vgpu-device-manager";

  /** NVIDIA's shipped vGPU layouts, which gpu-dra's operator does not render. */
  static final String DEFAULT_DEVICES = "default-vgpu-devices-config";

  /** NVIDIA's name of the wait for the vGPU manager, in the validator's image. */
  static final String WAIT = "vgpu-manager-validation";

  static final String STATE = "state-vgpu-device-manager";

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
    StateAssets assets = OperandAssets.bundled().load(STATE, context.namespace());
    DaemonSet daemonSet = assets.one(DaemonSet.class);
    PodSpec pod = daemonSet.getSpec().getTemplate().getSpec();
    PodEdits.initContainer(pod, WAIT).setImage(SandboxPods.validatorImage(context));
    pod.getVolumes().stream()
        .filter(v -> v.getName().equals("vgpu-config"))
        .forEach(v -> v.getConfigMap().setName(layouts));
    NvidiaDaemonSet.apply(context, component, NAME, daemonSet);
    GfdEnv.set(PodEdits.container(pod, NAME), "DEFAULT_VGPU_CONFIG", defaultLayout(context));
    SandboxPods.ownPullSettings(pod, WAIT, context.spec().validator());
    return assets.objects();
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
}
