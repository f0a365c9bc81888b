package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.gpudra.api.schema.Default;
import dev.gpudra.api.schema.Minimum;

/**
 * Which jobs a driver upgrade waits for ({@code spec.driver.upgradePolicy.waitForCompletion}).
 *
 * @param podSelector a label selector of the pods to wait for
 * @param timeoutSeconds how long to wait; 0 means forever
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record WaitForCompletionSpec(
    String podSelector, @Default("0") @Minimum(0) Integer timeoutSeconds) {}
