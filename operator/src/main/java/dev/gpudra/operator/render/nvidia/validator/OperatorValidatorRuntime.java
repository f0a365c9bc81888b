package dev.gpudra.operator.render.nvidia.validator;

import dev.gpudra.api.clusterpolicy.CdiConfigSpec;
import dev.gpudra.api.clusterpolicy.ClusterPolicySpec;
import dev.gpudra.api.clusterpolicy.OperatorSpec;
import dev.gpudra.api.clusterpolicy.Runtime;
import dev.gpudra.operator.render.OperandContext;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * How NVIDIA's operator lets the pods of its GPU operands (validator, DCGM, DCGM exporter) reach
 * the GPUs: the RuntimeClass {@code operator.runtimeClass} ({@code nvidia} by default), except
 * where NVIDIA's operator sets none (CDI off on CRI-O, whose hook injects the GPUs, or CDI's NRI
 * plugin on); with the NRI plugin, the pod annotation {@code nvidia.cdi.k8s.io/container.<name>}
 * asking for {@code management.nvidia.com/gpu=all} in the named container.
 */
public final class OperatorValidatorRuntime {
  static final String DEFAULT_RUNTIME_CLASS = "nvidia";
  static final String NRI_ANNOTATION_PREFIX = "nvidia.cdi.k8s.io/container.";
  static final String NRI_DEVICE = "management.nvidia.com/gpu=all";

  private OperatorValidatorRuntime() {}

  /** The RuntimeClass the pods run with; empty where NVIDIA's operator sets none. */
  static Optional<String> runtimeClassName(OperandContext context) {
    ClusterPolicySpec spec = context.spec();
    boolean cdi = spec.cdi() == null || spec.cdi().enabledOrDefault();
    if (!cdi && context.runtime() == Runtime.CRIO || nriPlugin(spec)) {
      return Optional.empty();
    }
    return Optional.of(
        Optional.ofNullable(spec.operator())
            .map(OperatorSpec::runtimeClass)
            .filter(name -> !name.isEmpty())
            .orElse(DEFAULT_RUNTIME_CLASS));
  }

  /**
   * Sets the RuntimeClass on the DaemonSet's pods and, with the NRI plugin, the annotation for
   * {@code container}.
   */
  public static void apply(DaemonSet daemonSet, OperandContext context, String container) {
    runtimeClassName(context)
        .ifPresent(name -> daemonSet.getSpec().getTemplate().getSpec().setRuntimeClassName(name));
    if (nriPlugin(context.spec())) {
      ObjectMeta meta = daemonSet.getSpec().getTemplate().getMetadata();
      Map<String, String> annotations =
          new LinkedHashMap<>(meta.getAnnotations() == null ? Map.of() : meta.getAnnotations());
      annotations.put(NRI_ANNOTATION_PREFIX + container, NRI_DEVICE);
      meta.setAnnotations(annotations);
    }
  }

  /** CDI's NRI plugin: both switches explicitly on, as NVIDIA's operator reads them. */
  static boolean nriPlugin(ClusterPolicySpec spec) {
    CdiConfigSpec cdi = spec.cdi();
    return cdi != null
        && Boolean.TRUE.equals(cdi.enabled())
        && Boolean.TRUE.equals(cdi.nriPluginEnabled());
  }
}
