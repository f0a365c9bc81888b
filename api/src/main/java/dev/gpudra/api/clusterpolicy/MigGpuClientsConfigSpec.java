package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The GPU clients the MIG manager stops and restarts ({@code spec.migManager.gpuClientsConfig}).
 *
 * @param name the ConfigMap listing them
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record MigGpuClientsConfigSpec(String name) {}
