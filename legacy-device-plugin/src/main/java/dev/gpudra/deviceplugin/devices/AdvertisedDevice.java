package dev.gpudra.deviceplugin.devices;

import dev.gpudra.deviceplugin.config.DeviceIdStrategy;
import dev.gpudra.nvml.GpuInfo;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * One device as the kubelet sees it: a whole GPU, a MIG device, or a replica of either.
 *
 * @param id what the kubelet allocates: the GPU's or MIG device's UUID, or {@code <UUID>::<k>} for
 *     replica k
 * @param gpu the GPU behind it (a MIG device's parent)
 * @param mig the MIG device, when it is one
 * @param numaNode the NUMA node of its PCI device, when the node has one (reported to the kubelet's
 *     topology manager)
 */
public record AdvertisedDevice(
    String id, GpuInfo gpu, Optional<MigSlot> mig, OptionalInt numaNode) {
  /** Between a device's ID and its replica number in a shared device's ID. */
  public static final String REPLICA = "::";

  public AdvertisedDevice {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(gpu, "gpu");
    Objects.requireNonNull(mig, "mig");
    Objects.requireNonNull(numaNode, "numaNode");
  }

  /** A whole GPU whose NUMA node is not known. */
  public AdvertisedDevice(String id, GpuInfo gpu) {
    this(id, gpu, Optional.empty(), OptionalInt.empty());
  }

  /** A whole GPU. */
  public AdvertisedDevice(String id, GpuInfo gpu, OptionalInt numaNode) {
    this(id, gpu, Optional.empty(), numaNode);
  }

  /** The same device as replica {@code k}: {@code <id>::<k>}. */
  public AdvertisedDevice replica(int k) {
    return new AdvertisedDevice(id + REPLICA + k, gpu, mig, numaNode);
  }

  /**
   * The device's name for the container runtime ({@code NVIDIA_VISIBLE_DEVICES}, CDI): its UUID, or
   * with the index strategy the GPU's index ({@code 3}) or GPU and MIG index ({@code 0:2}).
   */
  public String runtimeId(DeviceIdStrategy strategy) {
    if (strategy == DeviceIdStrategy.INDEX) {
      return mig.map(m -> gpu.index() + ":" + m.index()).orElse(String.valueOf(gpu.index()));
    }
    return mig.map(m -> m.device().uuid()).orElse(gpu.uuid());
  }

  /** The device's part of a device ID: what comes before {@code ::}, if anything does. */
  public static String physical(String id) {
    int at = id.indexOf(REPLICA);
    return at < 0 ? id : id.substring(0, at);
  }
}
