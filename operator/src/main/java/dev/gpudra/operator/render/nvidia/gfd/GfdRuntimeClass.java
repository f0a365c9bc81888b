package dev.gpudra.operator.render.nvidia.gfd;

import dev.gpudra.api.clusterpolicy.CdiConfigSpec;
import dev.gpudra.api.clusterpolicy.ClusterPolicySpec;
import dev.gpudra.api.clusterpolicy.Runtime;
import dev.gpudra.operator.render.OperandContext;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * How NVIDIA's operator gives its GPU-touching operands (GPU feature discovery, the MIG manager)
 * the node's GPUs: the pod runs in the RuntimeClass {@code operator.runtimeClass} ({@code nvidia}),
 * except on CRI-O without CDI and with the toolkit's NRI plugin; with the NRI plugin the pod is
 * annotated {@code nvidia.cdi.k8s.io/container.<main>: management.nvidia.com/gpu=all} instead.
 */
public final class GfdRuntimeClass {
  static final String NRI_DOMAIN = "nvidia.cdi.k8s.io";
  static final String MANAGEMENT_DEVICE = "management.nvidia.com/gpu=all";

  private GfdRuntimeClass() {}

  /**
   * @param template the DaemonSet's pod template, complete
   * @param main the name of the container that needs the GPUs
   */
  public static void applyTo(OperandContext context, PodTemplateSpec template, String main) {
    ClusterPolicySpec spec = context.spec();
    boolean cdi = spec.cdi() == null || spec.cdi().enabledOrDefault();
    boolean nri = nriPlugin(spec.cdi());
    if (!(!cdi && context.runtime() == Runtime.CRIO) && !nri) {
      template.getSpec().setRuntimeClassName(runtimeClass(spec));
    }
    if (nri) {
      Map<String, String> annotations =
          new LinkedHashMap<>(
              Optional.ofNullable(template.getMetadata().getAnnotations()).orElse(Map.of()));
      annotations.put(NRI_DOMAIN + "/container." + main, MANAGEMENT_DEVICE);
      template.getMetadata().setAnnotations(annotations);
    }
  }

  static String runtimeClass(ClusterPolicySpec spec) {
    return Optional.ofNullable(spec.operator())
        .map(o -> o.runtimeClass())
        .filter(r -> !r.isEmpty())
        .orElse("nvidia");
  }

  /** As {@code OperandState}: the NRI plugin counts only with {@code cdi.enabled} set true. */
  private static boolean nriPlugin(CdiConfigSpec cdi) {
    return cdi != null
        && Boolean.TRUE.equals(cdi.enabled())
        && Boolean.TRUE.equals(cdi.nriPluginEnabled());
  }
}
