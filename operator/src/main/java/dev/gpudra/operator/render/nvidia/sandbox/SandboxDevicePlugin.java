package dev.gpudra.operator.render.nvidia.sandbox;

import dev.gpudra.api.clusterpolicy.SandboxDevicePluginSpec;
import dev.gpudra.operator.render.OperandContext;
import dev.gpudra.operator.render.nvidia.asset.OperandAssets;
import dev.gpudra.operator.render.nvidia.asset.StateAssets;
import dev.gpudra.operator.render.nvidia.component.NvidiaComponent;
import dev.gpudra.operator.render.nvidia.component.NvidiaDaemonSet;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import java.util.List;

/**
 * {@code state-sandbox-device-plugin}: NVIDIA's KubeVirt GPU device plugin ({@code
 * spec.sandboxDevicePlugin}, else {@code SANDBOX_DEVICE_PLUGIN_IMAGE}) on the nodes labelled {@code
 * nvidia.com/gpu.deploy.sandbox-device-plugin=true}, advertising passed-through GPUs ({@code
 * /dev/vfio}) and vGPUs to the kubelet. It waits for {@code vfio-pci-ready} on {@code
 * vm-passthrough} nodes and {@code vgpu-devices-ready} on {@code vm-vgpu} nodes. NVIDIA's OpenShift
 * SCC rule and {@code clusterversions} read are not rendered. The objects are the resources under
 * {@code operands/state-sandbox-device-plugin/}, the policy's settings applied.
 */
public final class SandboxDevicePlugin {
  /** NVIDIA's name of the DaemonSet. */
  public static final String NAME = "nvidia-sandbox-device-plugin-daemonset";

  /** NVIDIA's name of the service account and roles. */
  public static final String ACCOUNT = "nvidia-sandbox-device-plugin";

  static final String MAIN = "nvidia-sandbox-device-plugin-ctr";
  static final String STATE = "state-sandbox-device-plugin";

  private SandboxDevicePlugin() {}

  public static List<HasMetadata> objects(OperandContext context) {
    SandboxDevicePluginSpec spec = context.spec().sandboxDevicePlugin();
    NvidiaComponent component =
        NvidiaComponent.of(context, spec, "sandboxDevicePlugin", "SANDBOX_DEVICE_PLUGIN_IMAGE");
    StateAssets assets = OperandAssets.bundled().load(STATE, context.namespace());
    DaemonSet daemonSet = assets.one(DaemonSet.class);
    String validator = SandboxPods.validatorImage(context);
    daemonSet
        .getSpec()
        .getTemplate()
        .getSpec()
        .getInitContainers()
        .forEach(c -> c.setImage(validator));
    NvidiaDaemonSet.apply(context, component, MAIN, daemonSet);
    return assets.objects();
  }
}
