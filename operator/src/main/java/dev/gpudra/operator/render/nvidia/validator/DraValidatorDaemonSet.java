package dev.gpudra.operator.render.nvidia.validator;

import dev.gpudra.api.clusterpolicy.DraDriverSpec;
import dev.gpudra.operator.labels.LabelKeys;
import dev.gpudra.operator.render.MissingImageException;
import dev.gpudra.operator.render.OperandContext;
import dev.gpudra.operator.render.nvidia.asset.OperandAssets;
import dev.gpudra.operator.render.nvidia.asset.StateAssets;
import dev.gpudra.operator.render.nvidia.component.NvidiaComponent;
import dev.gpudra.operator.render.nvidia.component.NvidiaDaemonSet;
import io.fabric8.kubernetes.api.model.AffinityBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.api.model.apps.DaemonSetUpdateStrategyBuilder;
import java.util.List;

/**
 * {@code state-dra-validation}, a GPUCluster's validator (NVIDIA's {@code
 * manifests/state-dra-validation}), which gpu-dra's ClusterPolicy runs on its DRA nodes too:
 * NVIDIA's validator image ({@code spec.validator}'s keys, which a GPUCluster lacks, else the
 * operator's {@code VALIDATOR_IMAGE}; pull policy and secrets from {@code draDriver}) on the nodes
 * labelled {@code nvidia.com/gpu.deploy.dra-validator=true} that have {@code
 * nvidia.com/gpu.present=true}. It runs no device-plugin check: its pod consumes an admin-access
 * claim for one {@code gpu.nvidia.com} device (the ResourceClaimTemplate {@code
 * nvidia-dra-validator-gpu}), so it starts only once the DRA driver allocates and injects a GPU on
 * the node; its {@code gpu-validation} init container lists the injected GPU ({@code nvidia-smi
 * -L}) and the main container then holds the pod Ready. The pods carry {@code app:
 * nvidia-operator-validator}, the label NVIDIA's upgrade controller waits on; the DaemonSet selects
 * them by {@code app.kubernetes.io/name}. An admin-access claim needs the namespace labelled {@code
 * resource.kubernetes.io/admin-access=true}. OpenShift's SecurityContextConstraints are left out.
 * The objects are the resources under {@code operands/state-dra-validation/} (NVIDIA keeps this
 * state under {@code manifests/}), the policy's settings applied.
 */
public final class DraValidatorDaemonSet {
  /** NVIDIA's name of the DaemonSet and its service account. */
  public static final String NAME = "nvidia-dra-validator";

  static final String STATE = "state-dra-validation";

  private DraValidatorDaemonSet() {}

  /**
   * @throws MissingImageException when neither {@code spec.validator} (a ClusterPolicy's; a
   *     GPUCluster has none) nor the operator's environment names the validator image
   */
  public static List<HasMetadata> objects(OperandContext context) {
    String image = context.nvidiaImage(context.spec().validator(), "validator", "VALIDATOR_IMAGE");
    DraDriverSpec dra = context.spec().draDriver();
    NvidiaComponent component =
        new NvidiaComponent(
            image,
            dra == null ? null : dra.imagePullPolicy(),
            dra == null ? null : dra.imagePullSecrets(),
            null,
            null,
            null,
            false);
    StateAssets assets = OperandAssets.bundled().load(STATE, context.namespace());
    DaemonSet daemonSet = assets.one(DaemonSet.class);
    NvidiaDaemonSet.apply(context, component, NAME, daemonSet);
    asNvidiaShapesIt(daemonSet);
    return assets.objects();
  }

  /**
   * What NVIDIA's manifest fixes whatever {@code daemonsets} says: the init container runs the
   * validator image too; {@code system-node-critical}; GPU nodes only; all pods replaced at once on
   * an update.
   */
  private static void asNvidiaShapesIt(DaemonSet daemonSet) {
    PodSpec pod = daemonSet.getSpec().getTemplate().getSpec();
    pod.getInitContainers().getFirst().setImage(pod.getContainers().getFirst().getImage());
    pod.setPriorityClassName("system-node-critical");
    pod.setAffinity(
        new AffinityBuilder()
            .withNewNodeAffinity()
            .withNewRequiredDuringSchedulingIgnoredDuringExecution()
            .addNewNodeSelectorTerm()
            .addNewMatchExpression()
            .withKey(LabelKeys.GPU_PRESENT)
            .withOperator("In")
            .withValues("true")
            .endMatchExpression()
            .endNodeSelectorTerm()
            .endRequiredDuringSchedulingIgnoredDuringExecution()
            .endNodeAffinity()
            .build());
    daemonSet
        .getSpec()
        .setUpdateStrategy(
            new DaemonSetUpdateStrategyBuilder()
                .withType("RollingUpdate")
                .withNewRollingUpdate()
                .withMaxUnavailable(new IntOrString("100%"))
                .endRollingUpdate()
                .build());
  }
}
