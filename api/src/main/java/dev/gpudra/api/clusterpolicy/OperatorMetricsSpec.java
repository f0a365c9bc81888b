package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * (newer upstream, v26.7) How Prometheus scrapes the operator itself ({@code
 * spec.operator.metrics}).
 *
 * @param serviceMonitor the ServiceMonitor of the operator's metrics Service {@code gpu-operator}
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record OperatorMetricsSpec(ServiceMonitorConfig serviceMonitor) {}
