package dev.gpudra.operator.render.nvidia.validator;

import dev.gpudra.api.clusterpolicy.DraDriverSpec;
import dev.gpudra.operator.labels.LabelKeys;
import dev.gpudra.operator.render.MissingImageException;
import dev.gpudra.operator.render.OperandContext;
import dev.gpudra.operator.render.OperandRbac;
import dev.gpudra.operator.render.nvidia.component.NvidiaComponent;
import dev.gpudra.operator.render.nvidia.component.NvidiaDaemonSet;
import io.fabric8.kubernetes.api.model.AffinityBuilder;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodSpecBuilder;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.api.model.apps.DaemonSetUpdateStrategyBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimTemplate;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimTemplateBuilder;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
 */
public final class DraValidatorDaemonSet {
  /** NVIDIA's name of the DaemonSet and its service account. */
  public static final String NAME = "nvidia-dra-validator";

  /** The claim template, and the pod's claim name. */
  static final String CLAIM_TEMPLATE = "nvidia-dra-validator-gpu";

  static final String CLAIM = "validation-gpu";
  static final String POD_APP = "nvidia-operator-validator";
  static final String NAME_LABEL = "app.kubernetes.io/name";
  static final String COMPONENT_LABEL = "app.kubernetes.io/component";

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
    HasMetadata account = OperandRbac.serviceAccount(context, NAME);
    account.getMetadata().setLabels(new LinkedHashMap<>(appLabels()));
    return List.of(account, claimTemplate(context), daemonSet(context, component));
  }

  private static ResourceClaimTemplate claimTemplate(OperandContext context) {
    return new ResourceClaimTemplateBuilder()
        .withNewMetadata()
        .withName(CLAIM_TEMPLATE)
        .withNamespace(context.namespace())
        .endMetadata()
        .withNewSpec()
        .withNewSpec()
        .withNewDevices()
        .addNewRequest()
        .withName(CLAIM)
        .withNewExactly()
        .withDeviceClassName("gpu.nvidia.com")
        .withAllocationMode("ExactCount")
        .withCount(1L)
        .withAdminAccess(true)
        .endExactly()
        .endRequest()
        .endDevices()
        .endSpec()
        .endSpec()
        .build();
  }

  private static DaemonSet daemonSet(OperandContext context, NvidiaComponent component) {
    PodSpec pod =
        new PodSpecBuilder()
            .addNewResourceClaim()
            .withName(CLAIM)
            .withResourceClaimTemplateName(CLAIM_TEMPLATE)
            .endResourceClaim()
            .withInitContainers(gpuValidation())
            .withContainers(
                new ContainerBuilder()
                    .withName(NAME)
                    .withCommand(
                        "sh",
                        "-c",
                        "echo all validations are successful; while true; do sleep 86400; done")
                    .build())
            .build();
    DaemonSet daemonSet = NvidiaDaemonSet.of(context, NAME, "dra-validator", component, pod);
    asNvidiaShapesIt(daemonSet);
    return daemonSet;
  }

  private static Container gpuValidation() {
    return new ContainerBuilder()
        .withName("gpu-validation")
        .withCommand("sh", "-c", "nvidia-smi -L")
        .withNewResources()
        .addNewClaim()
        .withName(CLAIM)
        .endClaim()
        .endResources()
        .build();
  }

  /**
   * What NVIDIA's manifest fixes whatever {@code daemonsets} says: the init container runs the
   * validator image too; pods labelled {@code app: nvidia-operator-validator} and selected by name;
   * {@code system-node-critical}; GPU nodes only; all pods replaced at once on an update.
   */
  private static void asNvidiaShapesIt(DaemonSet daemonSet) {
    var template = daemonSet.getSpec().getTemplate();
    PodSpec pod = template.getSpec();
    pod.getInitContainers().getFirst().setImage(pod.getContainers().getFirst().getImage());
    daemonSet.getMetadata().getLabels().putAll(appLabels());
    Map<String, String> podLabels = new LinkedHashMap<>(template.getMetadata().getLabels());
    podLabels.putAll(appLabels());
    podLabels.put("app", POD_APP);
    template.getMetadata().setLabels(podLabels);
    daemonSet.getSpec().getSelector().setMatchLabels(new LinkedHashMap<>(Map.of(NAME_LABEL, NAME)));
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

  private static Map<String, String> appLabels() {
    return Map.of(NAME_LABEL, NAME, COMPONENT_LABEL, NAME);
  }
}
