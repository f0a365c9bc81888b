package dev.gpudra.operator.render.nvidia;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gpudra.api.clusterpolicy.DcgmExporterServiceConfig;
import dev.gpudra.api.clusterpolicy.DcgmExporterSpec;
import dev.gpudra.api.clusterpolicy.RelabelConfig;
import dev.gpudra.api.clusterpolicy.ServiceMonitorConfig;
import dev.gpudra.operator.render.OperandContext;
import dev.gpudra.operator.render.StateRefusedException;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceBuilder;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * How Prometheus finds the DCGM exporter: the Service {@code nvidia-dcgm-exporter} (port 9400,
 * {@code gpu-metrics}; {@code service.type} and {@code service.internalTrafficPolicy} from the
 * policy) and, with {@code serviceMonitor.enabled}, prometheus-operator's ServiceMonitor of the
 * same name (a {@code monitoring.coreos.com/v1} object, which needs prometheus-operator's CRD)
 * scraping {@code /metrics} with the policy's interval, scrape timeout, {@code honorLabels},
 * relabelings and extra labels.
 */
final class DcgmExporterMonitoring {
  static final String PORT_NAME = "gpu-metrics";
  static final Set<String> SERVICE_TYPES = Set.of("ClusterIP", "NodePort", "LoadBalancer");
  static final Set<String> TRAFFIC_POLICIES = Set.of("Cluster", "Local");

  private static final ObjectMapper JSON = new ObjectMapper();

  private DcgmExporterMonitoring() {}

  /**
   * @throws StateRefusedException for a Service type or traffic policy a Service cannot have
   */
  static Service service(OperandContext context, Optional<DcgmExporterSpec> exporter) {
    Optional<DcgmExporterServiceConfig> config = exporter.map(DcgmExporterSpec::service);
    Optional<String> type = config.map(DcgmExporterServiceConfig::type).filter(t -> !t.isEmpty());
    Optional<String> traffic =
        config.map(DcgmExporterServiceConfig::internalTrafficPolicy).filter(t -> !t.isEmpty());
    if (type.isPresent() && !SERVICE_TYPES.contains(type.get())) {
      throw new StateRefusedException(
          "spec.dcgmExporter.service.type "
              + type.get()
              + " cannot front the exporter's pods: use ClusterIP, NodePort or LoadBalancer");
    }
    if (traffic.isPresent() && !TRAFFIC_POLICIES.contains(traffic.get())) {
      throw new StateRefusedException(
          "spec.dcgmExporter.service.internalTrafficPolicy "
              + traffic.get()
              + " is not a traffic policy: use Cluster or Local");
    }
    return new ServiceBuilder()
        .withNewMetadata()
        .withName(DcgmExporterDaemonSet.NAME)
        .withNamespace(context.namespace())
        .addToLabels("app", DcgmExporterDaemonSet.NAME)
        .addToAnnotations("prometheus.io/scrape", "true")
        .endMetadata()
        .withNewSpec()
        .withType(type.orElse(null))
        .withInternalTrafficPolicy(traffic.orElse(null))
        .addToSelector("app", DcgmExporterDaemonSet.NAME)
        .addNewPort()
        .withName(PORT_NAME)
        .withPort(DcgmExporterDaemonSet.PORT)
        .withNewTargetPort(DcgmExporterDaemonSet.PORT)
        .withProtocol("TCP")
        .endPort()
        .endSpec()
        .build();
  }

  /** The ServiceMonitor, when {@code serviceMonitor.enabled}. */
  static Optional<HasMetadata> serviceMonitor(
      OperandContext context, Optional<DcgmExporterSpec> exporter) {
    return exporter
        .map(DcgmExporterSpec::serviceMonitor)
        .filter(ServiceMonitorConfig::enabledOrDefault)
        .map(monitor -> serviceMonitor(context, monitor));
  }

  private static HasMetadata serviceMonitor(OperandContext context, ServiceMonitorConfig monitor) {
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put("app", DcgmExporterDaemonSet.NAME);
    if (monitor.additionalLabels() != null) {
      labels.putAll(monitor.additionalLabels());
    }
    Map<String, Object> spec = new LinkedHashMap<>();
    spec.put("endpoints", List.of(endpoint(monitor)));
    spec.put("jobLabel", "app");
    spec.put("namespaceSelector", Map.of("matchNames", List.of(context.namespace())));
    spec.put("selector", Map.of("matchLabels", Map.of("app", DcgmExporterDaemonSet.NAME)));
    GenericKubernetesResource resource = new GenericKubernetesResource();
    resource.setApiVersion("monitoring.coreos.com/v1");
    resource.setKind("ServiceMonitor");
    resource.setMetadata(
        new ObjectMetaBuilder()
            .withName(DcgmExporterDaemonSet.NAME)
            .withNamespace(context.namespace())
            .withLabels(labels)
            .build());
    resource.setAdditionalProperty("spec", spec);
    return resource;
  }

  private static Map<String, Object> endpoint(ServiceMonitorConfig monitor) {
    Map<String, Object> endpoint = new LinkedHashMap<>();
    endpoint.put("port", PORT_NAME);
    endpoint.put("path", "/metrics");
    Optional.ofNullable(monitor.interval())
        .filter(i -> !i.isEmpty())
        .ifPresent(i -> endpoint.put("interval", i));
    Optional.ofNullable(monitor.scrapeTimeout())
        .filter(t -> !t.isEmpty())
        .ifPresent(t -> endpoint.put("scrapeTimeout", t));
    Optional.ofNullable(monitor.honorLabels()).ifPresent(h -> endpoint.put("honorLabels", h));
    if (monitor.relabelings() != null && !monitor.relabelings().isEmpty()) {
      endpoint.put(
          "relabelings",
          monitor.relabelings().stream().map(DcgmExporterMonitoring::relabeling).toList());
    }
    return endpoint;
  }

  /** A relabeling in prometheus-operator's JSON: only the keys the policy gives. */
  private static Map<String, Object> relabeling(RelabelConfig relabel) {
    Map<String, Object> fields = new LinkedHashMap<>();
    @SuppressWarnings("unchecked")
    Map<String, Object> json = JSON.convertValue(relabel, Map.class);
    json.forEach((key, value) -> {
      if (value != null && !(value instanceof List<?> list && list.isEmpty())) {
        fields.put(key, value);
      }
    });
    return fields;
  }
}
