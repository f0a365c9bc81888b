package dev.gpudra.operator.render.nvidia.dcgm;

import dev.gpudra.api.clusterpolicy.DcgmExporterServiceConfig;
import dev.gpudra.api.clusterpolicy.DcgmExporterSpec;
import dev.gpudra.api.clusterpolicy.ServiceMonitorConfig;
import dev.gpudra.operator.render.OperandContext;
import dev.gpudra.operator.render.ScrapeTarget;
import dev.gpudra.operator.render.StateRefusedException;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Service;
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

  private DcgmExporterMonitoring() {}

  /**
   * Sets the policy's {@code service.type} and {@code service.internalTrafficPolicy} on the base
   * Service (left unset when the policy gives none).
   *
   * @throws StateRefusedException for a Service type or traffic policy a Service cannot have
   */
  static void applyTo(Service service, Optional<DcgmExporterSpec> exporter) {
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
    service.getSpec().setType(type.orElse(null));
    service.getSpec().setInternalTrafficPolicy(traffic.orElse(null));
  }

  /**
   * The ServiceMonitor, when {@code serviceMonitor.enabled} and prometheus-operator's CRD is
   * installed (without it, none, as NVIDIA's: the exporter still runs).
   */
  static Optional<HasMetadata> serviceMonitor(
      OperandContext context, Optional<DcgmExporterSpec> exporter) {
    ScrapeTarget target =
        new ScrapeTarget(context.namespace(), DcgmExporterDaemonSet.NAME, PORT_NAME, "app");
    return exporter
        .map(DcgmExporterSpec::serviceMonitor)
        .filter(ServiceMonitorConfig::enabledOrDefault)
        .filter(c -> context.serviceMonitors())
        .map(target::serviceMonitor);
  }
}
