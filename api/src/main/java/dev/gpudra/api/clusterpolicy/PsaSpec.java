package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * Pod Security Admission labels on the operator's namespace ({@code spec.psa}).
 *
 * @param enabled whether the operator deploys Pod Security Admission labels; absent means false (no
 *     CRD default)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PsaSpec(Boolean enabled) implements DisabledByDefault {}
