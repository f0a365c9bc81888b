package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * GPUDirect RDMA of the driver ({@code spec.driver.rdma}).
 *
 * @param enabled whether the operator deploys the {@code nvidia-peermem} container; absent means
 *     false (no CRD default)
 * @param useHostMofed whether MOFED is installed on the host, not by the network operator; absent
 *     means false; counts only when enabled
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record GpuDirectRdmaSpec(Boolean enabled, Boolean useHostMofed)
    implements DisabledByDefault {}
