package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.gpudra.api.schema.Default;

/**
 * Virtual-machine (sandbox) workloads ({@code spec.sandboxWorkloads}).
 *
 * @param enabled whether the operator deploys the sandbox operands; absent means false (no CRD
 *     default)
 * @param defaultWorkload the workload of a node whose label does not say
 * @param mode (newer upstream) the sandbox stack; NVIDIA's operator enables each sandbox device
 *     plugin only on an exact match, and its chart writes {@code kubevirt}; whether the CRD
 *     defaults it is not known
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SandboxWorkloadsSpec(
    Boolean enabled, @Default("\"container\"") WorkloadConfig defaultWorkload, SandboxMode mode)
    implements DisabledByDefault {}
