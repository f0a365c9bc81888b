package dev.gpudra.deviceplugin.config;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * {@code flags}: NVIDIA's settings, each also a flag and an env variable ({@link Setting}).
 *
 * @param nvidiaDevRoot where device nodes are found (defaults to {@code nvidiaDriverRoot})
 * @param gdrcopyEnabled inject GDRCopy ({@code NVIDIA_GDRCOPY=enabled})
 * @param useNodeFeatureApi GFD's {@code useNodeFeatureAPI}: labels through NFD's NodeFeature API
 */
public record Flags(
    MigStrategy migStrategy,
    boolean failOnInitError,
    String mpsRoot,
    String nvidiaDriverRoot,
    String nvidiaDevRoot,
    boolean gdrcopyEnabled,
    boolean gdsEnabled,
    boolean mofedEnabled,
    @JsonProperty("useNodeFeatureAPI") boolean useNodeFeatureApi,
    DiscoveryStrategy deviceDiscoveryStrategy,
    PluginFlags plugin,
    GfdFlags gfd) {}
