package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.gpudra.api.schema.Minimum;

/**
 * A probe of the driver container ({@code spec.driver.startupProbe}, {@code .livenessProbe}, {@code
 * .readinessProbe}).
 *
 * @param initialDelaySeconds seconds after start before the first probe
 * @param timeoutSeconds seconds before a probe times out
 * @param periodSeconds seconds between probes
 * @param successThreshold consecutive successes that count as success
 * @param failureThreshold consecutive failures that count as failure
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ContainerProbeSpec(
    Integer initialDelaySeconds,
    @Minimum(1) Integer timeoutSeconds,
    @Minimum(1) Integer periodSeconds,
    @Minimum(1) Integer successThreshold,
    @Minimum(1) Integer failureThreshold) {}
