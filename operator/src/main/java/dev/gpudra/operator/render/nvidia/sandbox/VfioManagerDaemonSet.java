package dev.gpudra.operator.render.nvidia.sandbox;

import dev.gpudra.api.clusterpolicy.DriverManagerSpec;
import dev.gpudra.api.clusterpolicy.VfioManagerSpec;
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
 * {@code state-vfio-manager}: NVIDIA's VFIO manager ({@code spec.vfioManager}, else {@code
 * VFIO_MANAGER_IMAGE}; NVIDIA ships it in the {@code k8s-driver-manager} image, which carries
 * {@code vfio-manage}) on the nodes labelled {@code nvidia.com/gpu.deploy.vfio-manager=true} (the
 * {@code vm-passthrough} ones). It binds every NVIDIA GPU of the node to {@code vfio-pci} (the
 * host's {@code /sys}, modules loaded through {@code /host}) and unbinds them when it stops; the
 * sandbox validator's {@code vfio-pci} step then writes {@code vfio-pci-ready}. It waits for
 * nothing: its {@code k8s-driver-manager} init container ({@code vfioManager.driverManager}, else
 * {@code DRIVER_MANAGER_IMAGE}, with {@code ENABLE_GPU_POD_EVICTION} and {@code ENABLE_AUTO_DRAIN}
 * {@code false} under the policy's {@code driverManager.env}) first unloads a running NVIDIA
 * driver. The pods are selected by {@code name: nvidia-vfio-manager}, NVIDIA's selector, so the
 * DaemonSet NVIDIA's operator left is updated in place.
 *
 * <p>Honoured: the image keys, {@code resources}, {@code args}, {@code env}, {@code hostNetwork},
 * {@code driverManager} (image, pull settings, {@code env}). Not rendered: NVIDIA's OpenShift-only
 * Role (the {@code privileged} SCC), the SCC and the {@code clusterversions} rule. The objects are
 * the resources under {@code operands/state-vfio-manager/}, the policy's settings applied.
 */
public final class VfioManagerDaemonSet {
  /** NVIDIA's name of the DaemonSet, its container and service account. */
  public static final String NAME = "nvidia-vfio-manager";

  static final String STATE = "state-vfio-manager";

  private VfioManagerDaemonSet() {}

  /**
   * @throws dev.gpudra.operator.render.MissingImageException when an image is named nowhere
   */
  public static List<HasMetadata> objects(OperandContext context) {
    VfioManagerSpec spec = context.spec().vfioManager();
    NvidiaComponent component =
        NvidiaComponent.of(context, spec, "vfioManager", "VFIO_MANAGER_IMAGE");
    DriverManagerSpec manager =
        Optional.ofNullable(spec).map(VfioManagerSpec::driverManager).orElse(null);
    StateAssets assets = OperandAssets.bundled().load(STATE, context.namespace());
    DaemonSet daemonSet = assets.one(DaemonSet.class);
    PodSpec pod = daemonSet.getSpec().getTemplate().getSpec();
    SandboxPods.fillDriverManager(
        context,
        PodEdits.initContainer(pod, SandboxPods.DRIVER_MANAGER),
        manager,
        "vfioManager.driverManager");
    NvidiaDaemonSet.apply(context, component, NAME, daemonSet);
    SandboxPods.ownPullSettings(pod, SandboxPods.DRIVER_MANAGER, manager);
    return assets.objects();
  }
}
