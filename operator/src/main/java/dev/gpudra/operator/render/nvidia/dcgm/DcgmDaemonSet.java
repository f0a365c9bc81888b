package dev.gpudra.operator.render.nvidia.dcgm;

import dev.gpudra.api.clusterpolicy.DcgmSpec;
import dev.gpudra.operator.render.OperandContext;
import dev.gpudra.operator.render.nvidia.asset.OperandAssets;
import dev.gpudra.operator.render.nvidia.asset.StateAssets;
import dev.gpudra.operator.render.nvidia.component.NvidiaComponent;
import dev.gpudra.operator.render.nvidia.component.NvidiaDaemonSet;
import dev.gpudra.operator.render.nvidia.validator.OperatorValidatorRuntime;
import dev.gpudra.operator.render.nvidia.validator.OperatorValidatorToolkitWait;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import java.util.List;

/**
 * {@code state-dcgm}: NVIDIA's standalone DCGM host engine, {@code nv-hostengine} ({@code
 * spec.dcgm}, else the operator's {@code DCGM_IMAGE}), on the nodes labelled {@code
 * nvidia.com/gpu.deploy.dcgm=true}, serving port 5555 ({@code dcgm}) behind the Service {@code
 * nvidia-dcgm} (node-local traffic only), which the DCGM exporter connects to. It waits for the
 * validator's {@code toolkit-ready} and runs with NVIDIA's RuntimeClass. It needs no API access:
 * only its service account is rendered (NVIDIA's Role grants nothing but OpenShift's
 * SecurityContextConstraints and the deprecated PodSecurityPolicy, both left out). {@code
 * dcgm.hostPort} is deprecated and ignored, as NVIDIA's operator ignores it. The objects are the
 * resources under {@code operands/state-dcgm/}, the policy's settings applied to the DaemonSet.
 */
public final class DcgmDaemonSet {
  /** NVIDIA's name of the DaemonSet, its Service and its service account. */
  public static final String NAME = "nvidia-dcgm";

  /** The host engine's port. */
  public static final int PORT = 5555;

  static final String STATE = "state-dcgm";
  static final String CONTAINER = "nvidia-dcgm-ctr";

  private DcgmDaemonSet() {}

  public static List<HasMetadata> objects(OperandContext context) {
    DcgmSpec spec = context.spec().dcgm();
    NvidiaComponent component = NvidiaComponent.of(context, spec, "dcgm", "DCGM_IMAGE");
    StateAssets assets = OperandAssets.bundled().load(STATE, context.namespace());
    DaemonSet daemonSet = assets.one(DaemonSet.class);
    NvidiaDaemonSet.apply(context, component, CONTAINER, daemonSet);
    OperatorValidatorToolkitWait.apply(daemonSet, context);
    OperatorValidatorRuntime.apply(daemonSet, context, CONTAINER);
    return assets.objects();
  }
}
