package dev.gpudra.gpu.state;

import dev.gpudra.gpu.mig.MigPartitions;
import dev.gpudra.gpu.sharing.ClaimSharing;
import java.util.Objects;
import java.util.Optional;

/**
 * What preparing a claim may do to the GPUs besides writing its CDI spec.
 *
 * @param sharing time slices
 * @param partitions DynamicMIG's MIG devices, when the gate is on
 */
public record DeviceControls(ClaimSharing sharing, Optional<MigPartitions> partitions) {
  /** A node whose GPUs take no settings and no partitions. */
  public static final DeviceControls NONE = new DeviceControls(ClaimSharing.NONE, Optional.empty());

  public DeviceControls {
    Objects.requireNonNull(sharing, "sharing");
    Objects.requireNonNull(partitions, "partitions");
  }
}
