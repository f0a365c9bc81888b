package dev.gpudra.nvml;

import java.util.Objects;

/**
 * Node-wide NVML facts.
 *
 * @param driverVersion as {@code nvmlSystemGetDriverVersion} returns it, e.g. {@code 580.95.05}
 * @param cudaDriverVersion as {@code nvmlSystemGetCudaDriverVersion} returns it: major*1000 +
 *     minor*10, e.g. 13000
 */
public record SystemInfo(String driverVersion, int cudaDriverVersion) {
  public SystemInfo {
    Objects.requireNonNull(driverVersion, "driverVersion");
    if (driverVersion.isBlank()) {
      throw new IllegalArgumentException("driverVersion must not be blank");
    }
    if (cudaDriverVersion <= 0) {
      throw new IllegalArgumentException(
          "cudaDriverVersion must be positive: " + cudaDriverVersion);
    }
  }
}
