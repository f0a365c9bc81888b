package dev.gpudra.gpu.state;

import dev.gpudra.gpu.mig.MigPartitions;
import dev.gpudra.gpu.passthrough.Passthrough;
import dev.gpudra.gpu.sharing.ClaimSharing;
import java.util.Objects;
import java.util.Optional;

/**
 * What preparing a claim may do to the GPUs besides writing its CDI spec.
 *
 * @param sharing time slices
 * @param partitions DynamicMIG's MIG devices, when the gate is on
 * @param passthrough PassthroughSupport's vfio-pci binding, when the gate is on
 */
public record DeviceControls(
    ClaimSharing sharing, Optional<MigPartitions> partitions, Optional<Passthrough> passthrough) {
  /** A node whose GPUs take no settings and no partitions. */
  public static final DeviceControls NONE =
      new DeviceControls(ClaimSharing.NONE, Optional.empty(), Optional.empty());

  public DeviceControls(ClaimSharing sharing, Optional<MigPartitions> partitions) {
    this(sharing, partitions, Optional.empty());
  }

  public DeviceControls {
    Objects.requireNonNull(sharing, "sharing");
    Objects.requireNonNull(partitions, "partitions");
    Objects.requireNonNull(passthrough, "passthrough");
  }
}
