package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * Which metrics the DCGM exporter exports ({@code spec.dcgmExporter.config}).
 *
 * @param name the ConfigMap holding {@code dcgm-metrics.csv}
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DcgmExporterMetricsConfig(String name) {}
