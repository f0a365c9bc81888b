package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * Deprecated PodSecurityPolicy switch ({@code spec.psp}): accepted and ignored, as NVIDIA's; use
 * {@code spec.psa}.
 *
 * @param enabled accepted and ignored, as NVIDIA's
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PspSpec(Boolean enabled) {}
