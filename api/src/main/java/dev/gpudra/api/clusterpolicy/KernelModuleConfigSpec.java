package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * Kernel module parameters of the driver ({@code spec.driver.kernelModuleConfig}).
 *
 * @param name the ConfigMap with the parameters
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record KernelModuleConfigSpec(String name) {}
