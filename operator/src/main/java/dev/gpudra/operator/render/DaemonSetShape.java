package dev.gpudra.operator.render;

import dev.gpudra.api.clusterpolicy.DaemonsetsSpec;
import dev.gpudra.api.clusterpolicy.UpdateStrategyType;
import dev.gpudra.operator.labels.LabelKeys;
import io.fabric8.kubernetes.api.model.IntOrString;
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
    DaemonsetsSpec common =
        Optional.ofNullable(context.spec().daemonsets())
            .orElse(new DaemonsetsSpec(null, null, null, null, null, null, null, null, null));
    Map<String, String> labels = new LinkedHashMap<>(orEmpty(common.labels()));
    labels.put("app", name);
    Map<String, String> selector = new LinkedHashMap<>(orEmpty(common.nodeSelector()));
    selector.put(LabelKeys.deploy(operand), "true");
    selector.putAll(extraSelector);
    pod.setNodeSelector(selector);
    pod.setTolerations(common.tolerations());
    pod.setPriorityClassName(common.priorityClassName());
    pod.setAffinity(common.affinity());
    pod.setSecurityContext(common.podSecurityContext());
    return new DaemonSetBuilder()
        .withNewMetadata()
        .withName(name)
        .withNamespace(context.namespace())
        .withLabels(labels)
        .withAnnotations(common.annotations())
        .endMetadata()
        .withNewSpec()
        .withNewSelector()
        .addToMatchLabels("app", name)
        .endSelector()
        .withUpdateStrategy(updateStrategy(common))
        .withNewTemplate()
        .withNewMetadata()
        .withLabels(labels)
        .withAnnotations(common.annotations())
        .endMetadata()
        .withSpec(pod)
        .endTemplate()
        .endSpec()
        .build();
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
