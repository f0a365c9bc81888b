package dev.gpudra.operator.render.nvidia;

import dev.gpudra.operator.render.OperandContext;
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
              NODE_STATUS_EXPORTER ->
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
      case NODE_STATUS_EXPORTER -> NodeStatusExporter.objects(context);
      default -> throw new IllegalArgumentException(state.stateName() + " is not rendered");
    };
  }
}
