package dev.gpudra.operator.render.nvidia.sandbox;

import dev.gpudra.api.clusterpolicy.KataSandboxDevicePluginSpec;
import dev.gpudra.operator.render.OperandContext;
import dev.gpudra.operator.render.nvidia.asset.OperandAssets;
import dev.gpudra.operator.render.nvidia.asset.StateAssets;
import dev.gpudra.operator.render.nvidia.component.NvidiaComponent;
import dev.gpudra.operator.render.nvidia.component.NvidiaDaemonSet;
import dev.gpudra.operator.render.nvidia.component.PodEdits;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import java.util.List;

/**
 * {@code state-kata-device-plugin}: NVIDIA's Kata sandbox device plugin ({@code
 * spec.kataSandboxDevicePlugin}, else {@code KATA_SANDBOX_DEVICE_PLUGIN_IMAGE}) on the nodes
 * labelled {@code nvidia.com/gpu.deploy.kata-sandbox-device-plugin=true}, advertising GPUs bound to
 * {@code vfio-pci} to Kata pods through CDI specs in {@code /var/run/cdi}. It waits for {@code
 * vfio-pci-ready} on {@code vm-passthrough} nodes. NVIDIA's OpenShift SCC rule and {@code
 * clusterversions} read are not rendered. The objects are the resources under {@code
 * operands/state-kata-device-plugin/}, the policy's settings applied.
 */
public final class KataSandboxDevicePlugin {
  /** NVIDIA's name of the DaemonSet. */
  public static final String NAME = "nvidia-kata-sandbox-device-plugin-daemonset";

  /** NVIDIA's name of the service account and roles. */
  public static final String ACCOUNT = "nvidia-kata-sandbox-device-plugin";

  static final String MAIN = "nvidia-kata-sandbox-device-plugin-ctr";
  static final String STATE = "state-kata-device-plugin";

  private KataSandboxDevicePlugin() {}

  public static List<HasMetadata> objects(OperandContext context) {
    KataSandboxDevicePluginSpec spec = context.spec().kataSandboxDevicePlugin();
    String key = "kataSandboxDevicePlugin";
    String variable = "KATA_SANDBOX_DEVICE_PLUGIN_IMAGE";
    NvidiaComponent component = NvidiaComponent.of(context, spec, key, variable);
    StateAssets assets = OperandAssets.bundled().load(STATE, context.namespace());
    DaemonSet daemonSet = assets.one(DaemonSet.class);
    PodEdits.initContainer(daemonSet.getSpec().getTemplate().getSpec(), "vfio-pci-validation")
        .setImage(SandboxPods.validatorImage(context));
    NvidiaDaemonSet.apply(context, component, MAIN, daemonSet);
    return assets.objects();
  }
}
