package dev.gpudra.operator.render.nvidia;

import dev.gpudra.operator.render.DaemonSetShape;
import dev.gpudra.operator.render.OperandContext;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import java.util.Map;

/**
 * An NVIDIA operand's DaemonSet: the pod runs as the service account named after the DaemonSet, the
 * component's settings applied, shaped as every operand DaemonSet ({@code spec.daemonsets}, the
 * deploy-label node selector).
 */
final class NvidiaDaemonSet {
  private NvidiaDaemonSet() {}

  /**
   * @param name the DaemonSet's name, its pods' {@code app} label and service account
   * @param operand the deploy label's suffix ({@code node-status-exporter})
   * @param component the policy's component
   * @param pod the pod, all containers in
   * @param main the name of the pod's main container
   */
  static DaemonSet of(
      OperandContext context,
      String name,
      String operand,
      NvidiaComponent component,
      PodSpec pod,
      String main) {
    return of(context, name, operand, Map.of(), component, pod, main);
  }

  /**
   * As {@link #of(OperandContext, String, String, NvidiaComponent, PodSpec, String)}, with further
   * node labels the pods need.
   */
  static DaemonSet of(
      OperandContext context,
      String name,
      String operand,
      Map<String, String> extraSelector,
      NvidiaComponent component,
      PodSpec pod,
      String main) {
    pod.setServiceAccountName(name);
    component.applyTo(pod, main);
    return DaemonSetShape.of(context, name, operand, extraSelector, pod);
  }
}
