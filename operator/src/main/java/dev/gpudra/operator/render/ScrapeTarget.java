package dev.gpudra.operator.render;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gpudra.api.clusterpolicy.RelabelConfig;
import dev.gpudra.api.clusterpolicy.ServiceMonitorConfig;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A metrics Service that Prometheus scrapes through prometheus-operator's ServiceMonitor, which
 * NVIDIA's operator writes for its DCGM exporter and for itself: the ServiceMonitor has the
 * Service's name and {@code app} label, selects the Service by that label in its namespace, scrapes
 * {@code /metrics} on the named port and carries the policy's scrape settings (NVIDIA's "custom
 * edits": extra labels, then interval, scrape timeout, {@code honorLabels} and relabelings on the
 * one endpoint). The object is a {@code monitoring.coreos.com/v1} one, so applying it needs
 * prometheus-operator's CRD.
 *
 * @param namespace the Service's namespace, the operator's
 * @param app the Service's name and {@code app} label
 * @param port the name of the Service's metrics port
 * @param jobLabel the Service label whose value Prometheus takes as the job name (NVIDIA's value)
 */
public record ScrapeTarget(String namespace, String app, String port, String jobLabel) {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** The ServiceMonitor of this Service with {@code config}'s settings. */
  public HasMetadata serviceMonitor(ServiceMonitorConfig config) {
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put("app", app);
    if (config.additionalLabels() != null) {
      labels.putAll(config.additionalLabels());
    }
    Map<String, Object> spec = new LinkedHashMap<>();
    spec.put("endpoints", List.of(endpoint(config)));
    spec.put("jobLabel", jobLabel);
    spec.put("namespaceSelector", Map.of("matchNames", List.of(namespace)));
    spec.put("selector", Map.of("matchLabels", Map.of("app", app)));
    GenericKubernetesResource resource = new GenericKubernetesResource();
    resource.setApiVersion("monitoring.coreos.com/v1");
    resource.setKind("ServiceMonitor");
    resource.setMetadata(
        new ObjectMetaBuilder().withName(app).withNamespace(namespace).withLabels(labels).build());
    resource.setAdditionalProperty("spec", spec);
    return resource;
  }

  private Map<String, Object> endpoint(ServiceMonitorConfig config) {
    Map<String, Object> endpoint = new LinkedHashMap<>();
    endpoint.put("port", port);
    endpoint.put("path", "/metrics");
    Optional.ofNullable(config.interval())
        .filter(i -> !i.isEmpty())
        .ifPresent(i -> endpoint.put("interval", i));
    Optional.ofNullable(config.scrapeTimeout())
        .filter(t -> !t.isEmpty())
        .ifPresent(t -> endpoint.put("scrapeTimeout", t));
    Optional.ofNullable(config.honorLabels()).ifPresent(h -> endpoint.put("honorLabels", h));
    if (config.relabelings() != null && !config.relabelings().isEmpty()) {
      endpoint.put(
          "relabelings", config.relabelings().stream().map(ScrapeTarget::relabeling).toList());
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
