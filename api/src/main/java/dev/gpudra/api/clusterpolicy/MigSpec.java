package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * How MIG devices are exposed ({@code spec.mig}).
 *
 * @param strategy the MIG strategy; the CRD has no default
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record MigSpec(MigStrategy strategy) {}
