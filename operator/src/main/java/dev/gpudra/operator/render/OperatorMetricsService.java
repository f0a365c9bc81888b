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
 * <p>As NVIDIA's, the ServiceMonitor is written whenever prometheus-operator's CRD is installed,
 * {@code enabled} absent included, and never without the CRD (the operator carries on). NVIDIA's
 * operator also writes it with {@code enabled: false}, logging that turning it off is not
 * supported; gpu-dra's takes {@code false} at its word and writes none. One the policy stops asking
 * for stays until the policy goes. NVIDIA's OpenShift Prometheus role and rules are not rendered.
 */
public final class OperatorMetricsService {
  /** NVIDIA's name, also the {@code app} label of the operator's pods it selects. */
  public static final String NAME = "gpu-operator";

  static final String PORT_NAME = "gpu-operator-metrics";

  private static final int PORT = 8080;

  /** A ServiceMonitor with prometheus-operator's defaults. */
  private static final ServiceMonitorConfig NONE =
      new ServiceMonitorConfig(null, null, null, null, null, null);

  private OperatorMetricsService() {}

  /** The Service, then the ServiceMonitor when it is enabled. */
  public static List<HasMetadata> objects(OperandContext context) {
    List<HasMetadata> objects = new ArrayList<>();
    objects.add(service(context));
    ScrapeTarget target = new ScrapeTarget(context.namespace(), NAME, PORT_NAME, "operator");
    Optional<ServiceMonitorConfig> config =
        Optional.ofNullable(context.spec().operator())
            .map(OperatorSpec::metrics)
            .map(OperatorMetricsSpec::serviceMonitor);
    boolean off =
        config.map(ServiceMonitorConfig::enabled).filter(Boolean.FALSE::equals).isPresent();
    if (context.serviceMonitors() && !off) {
      objects.add(target.serviceMonitor(config.orElse(NONE)));
    }
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
