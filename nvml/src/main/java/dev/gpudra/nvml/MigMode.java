package dev.gpudra.nvml;

/** Current MIG mode of a GPU; NOT_SUPPORTED where {@code nvmlDeviceGetMigMode} says so. */
public enum MigMode {
  NOT_SUPPORTED,
  DISABLED,
  ENABLED
}
