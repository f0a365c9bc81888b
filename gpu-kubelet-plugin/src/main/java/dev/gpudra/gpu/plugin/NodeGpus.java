package dev.gpudra.gpu.plugin;

import dev.gpudra.nvml.Nvml;
import dev.gpudra.nvml.TimeSlicer;
import java.util.Objects;

/**
 * This node's GPUs as the plugin reads and sets them for its whole life: one NVML session, and the
 * time slicer ({@code nvidia-smi}, or the simulated NVML itself).
 */
public record NodeGpus(Nvml nvml, TimeSlicer timeSlicer) implements AutoCloseable {
  public NodeGpus {
    Objects.requireNonNull(nvml, "nvml");
    Objects.requireNonNull(timeSlicer, "timeSlicer");
  }

  @Override
  public void close() {
    nvml.close();
  }
}
