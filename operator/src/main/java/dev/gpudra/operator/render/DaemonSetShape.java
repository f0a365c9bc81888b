package dev.gpudra.operator.render;

import dev.gpudra.api.clusterpolicy.DaemonsetsSpec;
import dev.gpudra.api.clusterpolicy.UpdateStrategyType;
import dev.gpudra.operator.labels.LabelKeys;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.api.model.apps.DaemonSetBuilder;
import io.fabric8.kubernetes.api.model.apps.DaemonSetUpdateStrategy;
import io.fabric8.kubernetes.api.model.apps.DaemonSetUpdateStrategyBuilder;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * An operand DaemonSet as NVIDIA's operator shapes every one: name and {@code app} label, the node
 * selector {@code nvidia.com/gpu.deploy.<operand>=true} (plus {@code daemonsets.nodeSelector}) and
 * {@code spec.daemonsets}' labels, annotations, tolerations, priority class, affinity, pod security
 * context and update strategy.
 */
public final class DaemonSetShape {
  private DaemonSetShape() {}

  /**
   * @param name the DaemonSet's name, also its pods' {@code app} label
   * @param operand the operand's deploy label suffix ({@code device-plugin}, {@code dra-driver})
   * @param extraSelector further node labels it needs (the MPS daemon's {@code mps.capable})
   * @param pod the pod's containers and volumes
   */
  public static DaemonSet of(
      OperandContext context,
      String name,
      String operand,
      Map<String, String> extraSelector,
      PodSpec pod) {
    Map<String, String> selector = new LinkedHashMap<>();
    selector.put(LabelKeys.deploy(operand), "true");
    selector.putAll(extraSelector);
    pod.setNodeSelector(selector);
    DaemonSet daemonSet =
        new DaemonSetBuilder()
            .withNewMetadata()
            .withName(name)
            .withNamespace(context.namespace())
            .addToLabels("app", name)
            .endMetadata()
            .withNewSpec()
            .withNewSelector()
            .addToMatchLabels("app", name)
            .endSelector()
            .withNewTemplate()
            .withNewMetadata()
            .addToLabels("app", name)
            .endMetadata()
            .withSpec(pod)
            .endTemplate()
            .endSpec()
            .build();
    applyTo(context, daemonSet);
    return daemonSet;
  }

  /**
   * Applies {@code spec.daemonsets} to a DaemonSet that already has its name, {@code app} label and
   * deploy-label node selector (an operand's base object): the policy's labels, annotations and
   * node selector go under the DaemonSet's own; its tolerations, priority class, affinity, pod
   * security context and update strategy replace the DaemonSet's.
   */
  public static void applyTo(OperandContext context, DaemonSet daemonSet) {
    DaemonsetsSpec common =
        Optional.ofNullable(context.spec().daemonsets())
            .orElse(new DaemonsetsSpec(null, null, null, null, null, null, null, null, null));
    ObjectMeta meta = daemonSet.getMetadata();
    ObjectMeta template = daemonSet.getSpec().getTemplate().getMetadata();
    meta.setLabels(under(common.labels(), meta.getLabels()));
    template.setLabels(under(common.labels(), template.getLabels()));
    meta.setAnnotations(under(common.annotations(), meta.getAnnotations()));
    template.setAnnotations(under(common.annotations(), template.getAnnotations()));
    PodSpec pod = daemonSet.getSpec().getTemplate().getSpec();
    pod.setNodeSelector(under(common.nodeSelector(), pod.getNodeSelector()));
    pod.setTolerations(common.tolerations());
    pod.setPriorityClassName(common.priorityClassName());
    pod.setAffinity(common.affinity());
    pod.setSecurityContext(common.podSecurityContext());
    daemonSet.getSpec().setUpdateStrategy(updateStrategy(common));
  }

  /** The policy's entries, then the object's own over them; null when there are none. */
  private static Map<String, String> under(Map<String, String> policy, Map<String, String> own) {
    Map<String, String> merged = new LinkedHashMap<>(orEmpty(policy));
    merged.putAll(orEmpty(own));
    return merged.isEmpty() ? null : merged;
  }

  private static DaemonSetUpdateStrategy updateStrategy(DaemonsetsSpec common) {
    if (common.updateStrategy() == UpdateStrategyType.ON_DELETE) {
      return new DaemonSetUpdateStrategyBuilder().withType("OnDelete").build();
    }
    String maxUnavailable =
        common.rollingUpdate() == null || common.rollingUpdate().maxUnavailable() == null
            ? "1"
            : common.rollingUpdate().maxUnavailable();
    return new DaemonSetUpdateStrategyBuilder()
        .withType("RollingUpdate")
        .withNewRollingUpdate()
        .withMaxUnavailable(intOrString(maxUnavailable))
        .endRollingUpdate()
        .build();
  }

  private static IntOrString intOrString(String value) {
    return value.matches("\\d+")
        ? new IntOrString(Integer.parseInt(value))
        : new IntOrString(value);
  }

  private static Map<String, String> orEmpty(Map<String, String> map) {
    return map == null ? Map.of() : map;
  }
}
