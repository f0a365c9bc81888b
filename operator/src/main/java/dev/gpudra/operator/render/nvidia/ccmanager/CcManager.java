package dev.gpudra.operator.render.nvidia.ccmanager;

import dev.gpudra.api.clusterpolicy.CcManagerSpec;
import dev.gpudra.operator.render.OperandContext;
import dev.gpudra.operator.render.PodParts;
import dev.gpudra.operator.render.nvidia.asset.OperandAssets;
import dev.gpudra.operator.render.nvidia.asset.StateAssets;
import dev.gpudra.operator.render.nvidia.component.NvidiaComponent;
import dev.gpudra.operator.render.nvidia.component.NvidiaDaemonSet;
import dev.gpudra.operator.render.nvidia.component.PodEdits;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import java.util.List;
import java.util.Locale;

/**
 * {@code state-cc-manager}: NVIDIA's confidential-computing manager ({@code spec.ccManager}, else
 * {@code CC_MANAGER_IMAGE}) on the nodes labelled {@code nvidia.com/gpu.deploy.cc-manager=true} and
 * {@code nvidia.com/cc.capable=true}. It sets the GPUs' CC mode from the node's label, else {@code
 * ccManager.defaultMode} ({@code DEFAULT_CC_MODE}), patching its node's labels, and marks itself
 * ready in {@code /run/nvidia/validations} (removed on stop), which the sandbox validator's {@code
 * cc-manager} step reads. It waits for nothing. NVIDIA's OpenShift SCC and PSP role is not
 * rendered. The objects are the resources under {@code operands/state-cc-manager/}, the policy's
 * settings applied to the DaemonSet.
 */
public final class CcManager {
  /** NVIDIA's name of the DaemonSet, its container and service account. */
  public static final String NAME = "nvidia-cc-manager";

  static final String STATE = "state-cc-manager";

  private CcManager() {}

  public static List<HasMetadata> objects(OperandContext context) {
    CcManagerSpec spec = context.spec().ccManager();
    NvidiaComponent component = NvidiaComponent.of(context, spec, "ccManager", "CC_MANAGER_IMAGE");
    StateAssets assets = OperandAssets.bundled().load(STATE, context.namespace());
    DaemonSet daemonSet = assets.one(DaemonSet.class);
    if (spec != null && spec.defaultMode() != null) {
      PodEdits.container(daemonSet.getSpec().getTemplate().getSpec(), NAME)
          .getEnv()
          .add(PodParts.env("DEFAULT_CC_MODE", spec.defaultMode().name().toLowerCase(Locale.ROOT)));
    }
    NvidiaDaemonSet.apply(context, component, NAME, daemonSet);
    return assets.objects();
  }
}
