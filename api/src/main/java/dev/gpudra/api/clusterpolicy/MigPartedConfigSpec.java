package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.gpudra.api.schema.Default;

/**
 * The MIG layouts the MIG manager may apply ({@code spec.migManager.config}).
 *
 * @param name the ConfigMap with the layouts
 * @param defaultConfig the layout applied to a node without a {@code nvidia.com/mig.config} label
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record MigPartedConfigSpec(
    @Default("\"default-mig-parted-config\"") String name,
    @JsonProperty("default") @Default("\"all-disabled\"") MigConfigDefault defaultConfig) {}
