package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The device plugin's config ({@code spec.devicePlugin.config}), shared with GPU feature discovery.
 *
 * @param name the ConfigMap with the configs
 * @param defaultConfig the key of the config used when a node's label names none
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DevicePluginConfig(String name, @JsonProperty("default") String defaultConfig) {}
