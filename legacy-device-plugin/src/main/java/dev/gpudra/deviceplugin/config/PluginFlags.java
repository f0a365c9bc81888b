package dev.gpudra.deviceplugin.config;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * {@code flags.plugin}: how Allocate answers.
 *
 * @param deviceListStrategy one strategy or several ({@code envvar} by default)
 * @param cdiAnnotationPrefix the key prefix of the {@code cdi-annotations} strategy
 * @param nvidiaCtkPath the {@code nvidia-cdi-hook} (or {@code nvidia-ctk}) the CDI specs name
 * @param containerDriverRoot where the driver root is mounted in the plugin's container
 */
public record PluginFlags(
    boolean passDeviceSpecs,
    @JsonFormat(with = JsonFormat.Feature.ACCEPT_SINGLE_VALUE_AS_ARRAY)
        List<DeviceListStrategy> deviceListStrategy,
    @JsonProperty("deviceIDStrategy") DeviceIdStrategy deviceIdStrategy,
    String cdiAnnotationPrefix,
    @JsonProperty("nvidiaCTKPath") String nvidiaCtkPath,
    String containerDriverRoot,
    AllocationPolicy sharedDevicesAllocationPolicy) {
  public PluginFlags {
    deviceListStrategy = deviceListStrategy == null ? List.of() : List.copyOf(deviceListStrategy);
  }
}
