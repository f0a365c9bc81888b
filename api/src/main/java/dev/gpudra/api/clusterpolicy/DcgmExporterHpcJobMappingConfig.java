package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * Mapping of GPUs to HPC jobs in the DCGM exporter ({@code spec.dcgmExporter.hpcJobMapping}).
 *
 * @param enabled whether the operator deploys HPC job mapping; absent means false (no CRD default)
 * @param directory the host directory of the job mapping files; NVIDIA's operator uses {@code
 *     /var/lib/dcgm-exporter/job-mapping} when absent
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DcgmExporterHpcJobMappingConfig(Boolean enabled, String directory)
    implements DisabledByDefault {}
