package dev.gpudra.operator.render.nvidia.nodestatus;

import dev.gpudra.operator.render.OperandContext;
import dev.gpudra.operator.render.nvidia.asset.OperandAssets;
import dev.gpudra.operator.render.nvidia.asset.StateAssets;
import dev.gpudra.operator.render.nvidia.component.NvidiaComponent;
import dev.gpudra.operator.render.nvidia.component.NvidiaDaemonSet;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import java.util.List;

/**
 * {@code state-node-status-exporter}: NVIDIA's validator image in its {@code metrics} mode on the
 * nodes labelled {@code nvidia.com/gpu.deploy.node-status-exporter=true}, serving the validation
 * state of the node on port 8000 ({@code node-status}) behind the Service {@code
 * nvidia-node-status-exporter}; it reads pods and nodes. The objects are the resources under {@code
 * operands/state-node-status-exporter/}; the policy's {@code nodeStatusExporter} and {@code
 * daemonsets} are applied to its DaemonSet.
 */
public final class NodeStatusExporter {
  /** NVIDIA's name of the DaemonSet, its Service and its service account. */
  public static final String NAME = "nvidia-node-status-exporter";

  static final String STATE = "state-node-status-exporter";

  private NodeStatusExporter() {}

  public static List<HasMetadata> objects(OperandContext context) {
    NvidiaComponent component =
        NvidiaComponent.of(
            context, context.spec().nodeStatusExporter(), "nodeStatusExporter", "VALIDATOR_IMAGE");
    StateAssets assets = OperandAssets.bundled().load(STATE, context.namespace());
    NvidiaDaemonSet.apply(context, component, NAME, assets.one(DaemonSet.class));
    return assets.objects();
  }
}
