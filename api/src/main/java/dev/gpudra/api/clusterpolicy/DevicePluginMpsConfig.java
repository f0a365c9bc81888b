package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.gpudra.api.schema.Default;

/**
 * MPS settings of the device plugin ({@code spec.devicePlugin.mps}).
 *
 * @param root the host directory of the MPS daemons' pipes and logs
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DevicePluginMpsConfig(@Default("\"/run/nvidia/mps\"") String root) {}
