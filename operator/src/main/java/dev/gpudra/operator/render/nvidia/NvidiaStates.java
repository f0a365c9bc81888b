package dev.gpudra.operator.render.nvidia;

import dev.gpudra.operator.render.OperandContext;
import dev.gpudra.operator.render.nvidia.ccmanager.CcManager;
import dev.gpudra.operator.render.nvidia.dcgm.DcgmDaemonSet;
import dev.gpudra.operator.render.nvidia.dcgm.DcgmExporterDaemonSet;
import dev.gpudra.operator.render.nvidia.driver.DriverDaemonSet;
import dev.gpudra.operator.render.nvidia.gfd.GpuFeatureDiscovery;
import dev.gpudra.operator.render.nvidia.migmanager.MigManager;
import dev.gpudra.operator.render.nvidia.nodestatus.NodeStatusExporter;
import dev.gpudra.operator.render.nvidia.sandbox.KataSandboxDevicePlugin;
import dev.gpudra.operator.render.nvidia.sandbox.SandboxDevicePlugin;
import dev.gpudra.operator.render.nvidia.sandbox.SandboxValidator;
import dev.gpudra.operator.render.nvidia.sandbox.VfioManagerDaemonSet;
import dev.gpudra.operator.render.nvidia.sandbox.VgpuDeviceManagerDaemonSet;
import dev.gpudra.operator.render.nvidia.sandbox.VgpuManagerDaemonSet;
import dev.gpudra.operator.render.nvidia.toolkit.ContainerToolkitDaemonSet;
import dev.gpudra.operator.render.nvidia.validator.DraValidatorDaemonSet;
import dev.gpudra.operator.render.nvidia.validator.OperatorValidatorDaemonSet;
import dev.gpudra.operator.states.OperandState;
import io.fabric8.kubernetes.api.model.HasMetadata;
import java.util.List;

/** The objects of the states that run NVIDIA's images, in apply order (workloads last). */
public final class NvidiaStates {
  private NvidiaStates() {}

  /** Whether gpu-dra's operator renders this NVIDIA state. */
  public static boolean isBuilt(OperandState state) {
    return switch (state) {
      case DRIVER,
          CONTAINER_TOOLKIT,
          OPERATOR_VALIDATION,
          DRA_VALIDATION,
          DCGM,
          DCGM_EXPORTER,
          GPU_FEATURE_DISCOVERY,
          MIG_MANAGER,
          NODE_STATUS_EXPORTER,
          SANDBOX_VALIDATION,
          SANDBOX_DEVICE_PLUGIN,
          KATA_DEVICE_PLUGIN,
          CC_MANAGER ->
          true;
      default -> false;
    };
  }

  /**
   * @throws dev.gpudra.operator.render.MissingImageException when an image is named nowhere
   * @throws IllegalArgumentException for a state {@link #isBuilt} refuses
   */
  public static List<HasMetadata> objects(OperandState state, OperandContext context) {
    return switch (state) {
      case DRIVER -> DriverDaemonSet.objects(context);
      case CONTAINER_TOOLKIT -> ContainerToolkitDaemonSet.objects(context);
      case OPERATOR_VALIDATION -> OperatorValidatorDaemonSet.objects(context);
      case DRA_VALIDATION -> DraValidatorDaemonSet.objects(context);
      case DCGM -> DcgmDaemonSet.objects(context);
      case DCGM_EXPORTER -> DcgmExporterDaemonSet.objects(context);
      case GPU_FEATURE_DISCOVERY -> GpuFeatureDiscovery.objects(context);
      case MIG_MANAGER -> MigManager.objects(context);
      case NODE_STATUS_EXPORTER -> NodeStatusExporter.objects(context);
      case SANDBOX_VALIDATION -> SandboxValidator.objects(context);
      case SANDBOX_DEVICE_PLUGIN -> SandboxDevicePlugin.objects(context);
      case KATA_DEVICE_PLUGIN -> KataSandboxDevicePlugin.objects(context);
      case CC_MANAGER -> CcManager.objects(context);
      case VFIO_MANAGER -> VfioManagerDaemonSet.objects(context);
      case VGPU_MANAGER -> VgpuManagerDaemonSet.objects(context);
      case VGPU_DEVICE_MANAGER -> VgpuDeviceManagerDaemonSet.objects(context);
      default -> throw new IllegalArgumentException(state.stateName() + " is not rendered");
    };
  }
}
