package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * vGPU licensing of the driver ({@code spec.driver.licensingConfig}); licensing is on when a
 * ConfigMap or Secret is named.
 *
 * @param configMapName deprecated in favour of {@code secretName}: the ConfigMap with the licensing
 *     config
 * @param secretName the Secret with the licensing config
 * @param nlsEnabled whether NVIDIA License System licensing is used; absent means false
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DriverLicensingConfigSpec(
    String configMapName, String secretName, Boolean nlsEnabled) {}
