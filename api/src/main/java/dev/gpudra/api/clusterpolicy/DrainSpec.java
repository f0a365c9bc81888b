package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.gpudra.api.schema.Default;
import dev.gpudra.api.schema.Minimum;

/**
 * How nodes are drained for a driver upgrade ({@code spec.driver.upgradePolicy.drain}).
 *
 * @param enable whether to drain
 * @param force whether to drain pods no controller manages
 * @param podSelector a label selector of the pods to drain
 * @param timeoutSeconds how long to wait for the drain; 0 means forever
 * @param deleteEmptyDir whether to drain pods with emptyDir volumes
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DrainSpec(
    @Default("false") Boolean enable,
    @Default("false") Boolean force,
    String podSelector,
    @Default("300") @Minimum(0) Integer timeoutSeconds,
    @Default("false") Boolean deleteEmptyDir) {}
