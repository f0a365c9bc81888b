package dev.gpudra.nvml;

import java.util.List;
import java.util.Optional;

/**
 * What gpu-dra needs to know about the GPUs of one node. Implementations are thread-safe; every
 * call reflects the hardware at the time of the call. Failures are {@link NvmlException}s.
 */
public interface Nvml extends AutoCloseable {

  /** Driver version string and CUDA driver version as NVML reports them. */
  SystemInfo system();

  /** Every GPU, ordered by NVML index. */
  List<GpuInfo> gpus();

  /**
   * The GPU-instance profiles a MIG-capable GPU supports (those with a full compute instance), each
   * with its possible placements; empty for a GPU without MIG support.
   */
  List<MigProfile> migProfiles(GpuInfo gpu);

  /** The MIG devices that exist now on a GPU in MIG mode; empty otherwise. */
  List<MigDevice> migDevices(GpuInfo gpu);

  /** The GPU's MIG mode now ({@link GpuInfo#migMode()} is what discovery saw). */
  MigMode migMode(GpuInfo gpu);

  /**
   * Turns MIG mode on or off. Effective at once where the architecture allows it without a reset
   * ({@link Architecture#togglesMigWithoutReset()}).
   *
   * @throws NvmlException when the GPU refuses (not MIG-capable, MIG devices exist, a reset would
   *     be needed)
   */
  void setMigMode(GpuInfo gpu, boolean enabled);

  /**
   * Creates a GPU instance of {@code profile} at {@code placement} and its one full compute
   * instance: a MIG device.
   *
   * @throws NvmlException when MIG mode is off or the placement is taken
   */
  MigDevice createMigDevice(GpuInfo gpu, MigProfile profile, Placement placement);

  /**
   * Destroys a MIG device: its compute instance, then its GPU instance.
   *
   * @throws NvmlNotFoundException when the GPU has no such instances
   */
  void destroyMigDevice(GpuInfo gpu, int gpuInstanceId, int computeInstanceId);

  /** NVLink fabric registration of a GPU; empty where NVML reports NOT_SUPPORTED. */
  Optional<FabricInfo> fabricInfo(GpuInfo gpu);

  /**
   * How two different GPUs are linked: their closest common PCIe ancestor and the NVLinks between
   * them (a link to an NVSwitch counts when the other GPU is on the switches too). Read once at
   * start: the wiring does not expect it to change while the driver is loaded.
   *
   * @throws NvmlNotSupportedException where the platform does not report the topology
   */
  GpuLink link(GpuInfo a, GpuInfo b);

  /** The GPU's compute mode now. */
  ComputeMode computeMode(GpuInfo gpu);

  /**
   * Sets the GPU's compute mode; it holds until changed or the driver reloads. Needs root.
   *
   * @throws NvmlNoPermissionException when the process may not change it
   */
  void setComputeMode(GpuInfo gpu, ComputeMode mode);

  /** Whether persistence mode is on: the driver keeps the GPU initialised with no client. */
  boolean persistenceMode(GpuInfo gpu);

  /**
   * Turns persistence mode on or off; it holds until changed or the driver reloads. Needs root.
   *
   * @throws NvmlNoPermissionException when the process may not change it
   */
  void setPersistenceMode(GpuInfo gpu, boolean enabled);

  /**
   * What NVML says the GPU needs before new work (reset, reboot, ...), as the driver set it.
   *
   * @return empty when the driver cannot tell (before 565, or the field is not supported)
   * @throws NvmlGpuLostException the GPU is lost
   */
  Optional<RecoveryAction> recoveryAction(GpuInfo gpu);

  /**
   * Starts watching the XID errors of {@code gpus} (critical XIDs; ECC events are registered where
   * supported and ignored). GPUs that refuse registration are listed by {@link
   * XidWatch#unwatched()}.
   */
  XidWatch watchXids(List<GpuInfo> gpus);

  @Override
  void close();
}
