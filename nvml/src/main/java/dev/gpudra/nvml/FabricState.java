package dev.gpudra.nvml;

/** {@code NVML_GPU_FABRIC_STATE_*}. */
public enum FabricState {
  NOT_SUPPORTED,
  NOT_STARTED,
  IN_PROGRESS,
  COMPLETED
}
