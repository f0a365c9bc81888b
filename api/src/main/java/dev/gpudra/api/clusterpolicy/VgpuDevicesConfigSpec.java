package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.gpudra.api.schema.Default;

/**
 * The vGPU device layouts of the vGPU device manager ({@code spec.vgpuDeviceManager.config}).
 *
 * @param name the ConfigMap with the layouts
 * @param defaultConfig the layout applied to a node whose label names none
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record VgpuDevicesConfigSpec(
    String name, @JsonProperty("default") @Default("\"default\"") String defaultConfig) {}
