package dev.gpudra.operator.render.nvidia.sandbox;

import dev.gpudra.api.clusterpolicy.DriverManagerSpec;
import dev.gpudra.api.clusterpolicy.KernelModuleConfigSpec;
import dev.gpudra.api.clusterpolicy.VgpuManagerSpec;
import dev.gpudra.operator.render.OperandContext;
import dev.gpudra.operator.render.StateRefusedException;
import dev.gpudra.operator.render.nvidia.asset.OperandAssets;
import dev.gpudra.operator.render.nvidia.asset.StateAssets;
import dev.gpudra.operator.render.nvidia.component.NvidiaComponent;
import dev.gpudra.operator.render.nvidia.component.NvidiaDaemonSet;
import dev.gpudra.operator.render.nvidia.component.PodEdits;
import dev.gpudra.operator.render.nvidia.driver.DriverDaemonSet;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.api.model.apps.DaemonSetUpdateStrategyBuilder;
import java.util.List;
import java.util.Optional;

/**
 * {@code state-vgpu-manager}: NVIDIA's vGPU host manager, the vGPU host driver container ({@code
 * spec.vgpuManager}, else {@code VGPU_MANAGER_IMAGE}), on the nodes labelled {@code
 * nvidia.com/gpu.deploy.vgpu-manager=true} (the {@code vm-vgpu} ones), behind the {@code
 * k8s-driver-manager} init container ({@code vgpuManager.driverManager}, else {@code
 * DRIVER_MANAGER_IMAGE}, {@code ENABLE_AUTO_DRAIN=false} under the policy's {@code
 * driverManager.env}), which unloads a running driver first. It waits for nothing; it installs the
 * host driver under {@code /run/nvidia/driver}, which the sandbox validator's {@code vgpu-manager}
 * step checks before writing {@code vgpu-manager-ready}, the vGPU device manager's wait. The
 * DaemonSet is always {@code OnDelete}, whatever {@code daemonsets.updateStrategy} says, as the
 * driver's: a host driver pod is replaced only when deleted.
 *
 * <p>Honoured: the image keys, {@code resources}, {@code args}, {@code env}, {@code hostNetwork},
 * {@code driverManager} (image, pull settings, {@code env}). The image's tag ends in the GPU nodes'
 * OS, as {@link DriverDaemonSet}'s ({@code -<os><version>} from NFD's labels; a {@code sha256:}
 * digest as it is; nodes of several OSes, or none labelled, refused). Refused: {@code
 * kernelModuleConfig} (NVIDIA mounts each key of the ConfigMap, read from the API server). Not
 * rendered: NVIDIA's OpenShift-only Role (the {@code privileged} SCC), the SCC, the {@code
 * clusterversions} rule, the Driver Toolkit sidecar and the {@code OPENSHIFT_VERSION} variable. The
 * objects are the resources under {@code operands/state-vgpu-manager/}, the policy's settings
 * applied.
 */
public final class VgpuManagerDaemonSet {
  /** NVIDIA's name of the DaemonSet. */
  public static final String NAME = "nvidia-vgpu-manager-daemonset";

  /** NVIDIA's service account and cluster role of the vGPU manager pods. */
  static final String ACCOUNT = "nvidia-vgpu-manager";

  static final String MAIN = "nvidia-vgpu-manager-ctr";
  static final String STATE = "state-vgpu-manager";

  private VgpuManagerDaemonSet() {}

  /**
   * @throws StateRefusedException for {@code vgpuManager.kernelModuleConfig}
   * @throws dev.gpudra.operator.render.MissingImageException when an image is named nowhere
   */
  public static List<HasMetadata> objects(OperandContext context) {
    VgpuManagerSpec spec = context.spec().vgpuManager();
    refuseKernelModuleConfig(spec);
    NvidiaComponent base = NvidiaComponent.of(context, spec, "vgpuManager", "VGPU_MANAGER_IMAGE");
    NvidiaComponent component = base.withImage(context.driverImage(base.image(), "vgpuManager"));
    DriverManagerSpec manager =
        Optional.ofNullable(spec).map(VgpuManagerSpec::driverManager).orElse(null);
    StateAssets assets = OperandAssets.bundled().load(STATE, context.namespace());
    DaemonSet daemonSet = assets.one(DaemonSet.class);
    PodSpec pod = daemonSet.getSpec().getTemplate().getSpec();
    SandboxPods.fillDriverManager(
        context,
        PodEdits.initContainer(pod, SandboxPods.DRIVER_MANAGER),
        manager,
        "vgpuManager.driverManager");
    NvidiaDaemonSet.apply(context, component, MAIN, daemonSet);
    SandboxPods.ownPullSettings(pod, SandboxPods.DRIVER_MANAGER, manager);
    daemonSet
        .getSpec()
        .setUpdateStrategy(new DaemonSetUpdateStrategyBuilder().withType("OnDelete").build());
    return assets.objects();
  }

  private static void refuseKernelModuleConfig(VgpuManagerSpec spec) {
    boolean named =
        Optional.ofNullable(spec)
            .map(VgpuManagerSpec::kernelModuleConfig)
            .map(KernelModuleConfigSpec::name)
            .filter(n -> !n.isEmpty())
            .isPresent();
    if (named) {
      throw new StateRefusedException(
          "spec.vgpuManager.kernelModuleConfig: NVIDIA's operator reads the ConfigMap from the API"
              + " server and mounts each of its keys into the vGPU manager container; gpu-dra's"
              + " operator renders without reading ConfigMaps, so it cannot name the keys");
    }
  }
}
