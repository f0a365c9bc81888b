package dev.gpudra.api.nvidiadriver;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * {@code spec.licensingConfig} of an NVIDIADriver (vGPU licensing).
 *
 * @param name the ConfigMap with the licensing config (deprecated by NVIDIA for {@code secretName})
 * @param secretName the Secret with the licensing config
 * @param nlsEnabled whether NVIDIA License System licensing is used
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record LicensingConfig(String name, String secretName, Boolean nlsEnabled) {}
