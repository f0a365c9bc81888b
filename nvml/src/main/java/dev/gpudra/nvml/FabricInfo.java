package dev.gpudra.nvml;

import java.util.Objects;
import java.util.UUID;

/**
 * NVLink fabric registration of one GPU ({@code nvmlDeviceGetGpuFabricInfo}).
 *
 * @param clusterUuid the NVLink domain's cluster UUID; all zero on single-node NVSwitch systems
 * @param cliqueId the clique within the cluster
 * @param state registration state
 * @param status the NVML return code of the registration, meaningful when COMPLETED (0 = success)
 */
public record FabricInfo(UUID clusterUuid, long cliqueId, FabricState state, int status) {
  private static final UUID ZERO = new UUID(0, 0);

  public FabricInfo {
    Objects.requireNonNull(clusterUuid, "clusterUuid");
    Objects.requireNonNull(state, "state");
    if (cliqueId < 0) {
      throw new IllegalArgumentException("cliqueId must be >= 0");
    }
  }

  /** True when this GPU is part of a multi-node NVLink domain. */
  public boolean multiNode() {
    return !ZERO.equals(clusterUuid);
  }

  /** {@code <clusterUuid>.<cliqueId>}, as GPU Feature Discovery and the DRA driver spell it. */
  public String cliqueName() {
    return clusterUuid + "." + cliqueId;
  }
}
