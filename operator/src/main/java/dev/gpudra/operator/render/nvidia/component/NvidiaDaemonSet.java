package dev.gpudra.operator.render.nvidia.component;

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
public final class NvidiaDaemonSet {
  private NvidiaDaemonSet() {}

  /**
   * A DaemonSet whose main container is named as the DaemonSet, on the deploy label alone.
   *
   * @param name the DaemonSet's name, its pods' {@code app} label, service account and main
   *     container
   * @param operand the deploy label's suffix ({@code node-status-exporter})
   * @param component the policy's component
   * @param pod the pod, all containers in
   */
  public static DaemonSet of(
      OperandContext context, String name, String operand, NvidiaComponent component, PodSpec pod) {
    pod.setServiceAccountName(name);
    component.applyTo(pod, name);
    return DaemonSetShape.of(context, name, operand, Map.of(), pod);
  }

  /**
   * Applies the component and {@code spec.daemonsets} to an operand's base DaemonSet, which names
   * its service account and deploy label itself.
   *
   * @param component the policy's component
   * @param main the name of the pod's main container (image, args and env)
   * @param daemonSet the base object, changed in place
   */
  public static DaemonSet apply(
      OperandContext context, NvidiaComponent component, String main, DaemonSet daemonSet) {
    component.applyTo(daemonSet.getSpec().getTemplate().getSpec(), main);
    DaemonSetShape.applyTo(context, daemonSet);
    return daemonSet;
  }
}
