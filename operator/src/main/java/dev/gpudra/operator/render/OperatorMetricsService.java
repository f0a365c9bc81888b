package dev.gpudra.operator.render;

import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceBuilder;
import java.util.Map;

/**
 * {@code state-operator-metrics}: NVIDIA's Service {@code gpu-operator} in front of the operator's
 * own metrics (port 8080, {@code gpu-operator-metrics}, the pods labelled {@code app=gpu-operator},
 * Prometheus' scrape annotations). NVIDIA's ServiceMonitor and OpenShift rules are not rendered.
 */
public final class OperatorMetricsService {
  /** NVIDIA's name, also the {@code app} label of the operator's pods it selects. */
  public static final String NAME = "gpu-operator";

  private static final int PORT = 8080;

  private OperatorMetricsService() {}

  public static Service render(OperandContext context) {
    return new ServiceBuilder()
        .withNewMetadata()
        .withName(NAME)
        .withNamespace(context.namespace())
        .withLabels(Map.of("app", NAME))
        .withAnnotations(
            Map.of("prometheus.io/scrape", "true", "prometheus.io/port", Integer.toString(PORT)))
        .endMetadata()
        .withNewSpec()
        .withSelector(Map.of("app", NAME))
        .addNewPort()
        .withName("gpu-operator-metrics")
        .withPort(PORT)
        .withTargetPort(new IntOrString(PORT))
        .withProtocol("TCP")
        .endPort()
        .endSpec()
        .build();
  }
}
