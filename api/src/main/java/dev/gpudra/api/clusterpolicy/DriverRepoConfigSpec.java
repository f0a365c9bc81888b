package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A custom package repository for the driver ({@code spec.driver.repoConfig}).
 *
 * @param configMapName the ConfigMap with the repository files
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DriverRepoConfigSpec(String configMapName) {}
