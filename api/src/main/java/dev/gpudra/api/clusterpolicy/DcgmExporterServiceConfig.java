package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The DCGM exporter's Service ({@code spec.dcgmExporter.service}).
 *
 * @param type the Service type ({@code ClusterIP}, {@code NodePort}, {@code LoadBalancer}, {@code
 *     ExternalName}); the CRD does not restrict it
 * @param internalTrafficPolicy {@code Cluster} or {@code Local}; the CRD does not restrict it
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DcgmExporterServiceConfig(String type, String internalTrafficPolicy) {}
