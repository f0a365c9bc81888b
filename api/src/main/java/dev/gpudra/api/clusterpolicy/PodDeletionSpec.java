package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.gpudra.api.schema.Default;
import dev.gpudra.api.schema.Minimum;

/**
 * How GPU pods are deleted for a driver upgrade ({@code spec.driver.upgradePolicy.podDeletion}).
 *
 * @param force whether to delete pods no controller manages
 * @param timeoutSeconds how long to wait for the deletion; 0 means forever
 * @param deleteEmptyDir whether to delete pods with emptyDir volumes
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PodDeletionSpec(
    @Default("false") Boolean force,
    @Default("300") @Minimum(0) Integer timeoutSeconds,
    @Default("false") Boolean deleteEmptyDir) {}
