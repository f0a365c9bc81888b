package dev.gpudra.deviceplugin.config;

/**
 * {@code flags.gfd}: GPU Feature Discovery's settings. NVIDIA's plugin and GFD read one file, so
 * these are read and checked here; no gpu-dra process acts on them (GFD is not part of gpu-dra).
 *
 * @param sleepInterval a Go duration, or {@code infinite}
 */
public record GfdFlags(
    boolean oneshot,
    boolean noTimestamp,
    String sleepInterval,
    String outputFile,
    String machineTypeFile) {}
