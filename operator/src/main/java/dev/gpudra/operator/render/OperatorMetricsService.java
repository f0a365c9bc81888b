package dev.gpudra.operator.render;

import dev.gpudra.api.clusterpolicy.OperatorMetricsSpec;
import dev.gpudra.api.clusterpolicy.OperatorSpec;
import dev.gpudra.api.clusterpolicy.ServiceMonitorConfig;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code state-operator-metrics}: NVIDIA's Service {@code gpu-operator} in front of the operator's
 * own metrics (port 8080, {@code gpu-operator-metrics}, the pods labelled {@code app=gpu-operator},
 * Prometheus' scrape annotations) and, with {@code spec.operator.metrics.serviceMonitor.enabled},
 * NVIDIA's ServiceMonitor {@code gpu-operator} of it (job label {@code operator}) with the policy's
 * scrape settings.
 *
 * <p>NVIDIA's operator writes that ServiceMonitor whenever prometheus-operator's CRD exists, even
 * with {@code enabled: false} (it logs that turning it off is not supported). Rendering here reads
 * no API, so, like the DCGM exporter's, the ServiceMonitor follows {@code enabled} (absent is
 * false, NVIDIA's reading of the field), and one the policy stops asking for stays until the policy
 * goes. NVIDIA's OpenShift Prometheus role and rules are not rendered.
 */
public final class OperatorMetricsService {
  /** NVIDIA's name, also the {@code app} label of the operator's pods it selects. */
  public static final String NAME = "gpu-operator";

  static final String PORT_NAME = "gpu-operator-metrics";

  private static final int PORT = 8080;

  private OperatorMetricsService() {}

  /** The Service, then the ServiceMonitor when it is enabled. */
  public static List<HasMetadata> objects(OperandContext context) {
    List<HasMetadata> objects = new ArrayList<>();
    objects.add(service(context));
    ScrapeTarget target = new ScrapeTarget(context.namespace(), NAME, PORT_NAME, "operator");
    Optional.ofNullable(context.spec().operator())
        .map(OperatorSpec::metrics)
        .map(OperatorMetricsSpec::serviceMonitor)
        .filter(ServiceMonitorConfig::enabledOrDefault)
        .map(target::serviceMonitor)
        .ifPresent(objects::add);
    return objects;
  }

  static Service service(OperandContext context) {
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
        .withName(PORT_NAME)
        .withPort(PORT)
        .withTargetPort(new IntOrString(PORT))
        .withProtocol("TCP")
        .endPort()
        .endSpec()
        .build();
  }
}
