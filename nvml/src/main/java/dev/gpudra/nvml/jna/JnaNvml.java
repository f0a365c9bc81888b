package dev.gpudra.nvml.jna;

import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import dev.gpudra.nvml.ComputeMode;
import dev.gpudra.nvml.FabricInfo;
import dev.gpudra.nvml.FabricState;
import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.GpuLink;
import dev.gpudra.nvml.MigDevice;
import dev.gpudra.nvml.MigMode;
import dev.gpudra.nvml.MigProfile;
import dev.gpudra.nvml.Nvml;
import dev.gpudra.nvml.Placement;
import dev.gpudra.nvml.RecoveryAction;
import dev.gpudra.nvml.SystemInfo;
import dev.gpudra.nvml.XidWatch;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The {@link Nvml} port on the real {@code libnvidia-ml.so.1}. One NVML session lives from {@link
 * NvmlBinding#open} to {@link #close}; each call asks NVML afresh. GPUs are found again by index
 * and checked by UUID, so a stale {@link GpuInfo} fails with a not-found error instead of
 * describing another GPU.
 */
public final class JnaNvml implements Nvml {
  private static final int FEATURE_DISABLED = 0;
  private static final int FEATURE_ENABLED = 1;

  private final NvmlCalls calls;
  private final NvmlLibrary lib;
  private final GpuReader gpuReader;
  private final MigReader migReader;
  private final MigWriter migWriter;
  private final LinkReader linkReader;
  private final AtomicBoolean closed = new AtomicBoolean();

  JnaNvml(NvmlCalls calls, PcieRootResolver roots, boolean hasAddressingMode) {
    this.calls = calls;
    this.lib = calls.lib();
    this.gpuReader = new GpuReader(calls, roots, hasAddressingMode);
    this.migReader = new MigReader(calls);
    this.linkReader = new LinkReader(calls);
    this.migWriter = new MigWriter(calls);
  }

  @Override
  public SystemInfo system() {
    String driver =
        calls.string("nvmlSystemGetDriverVersion", (b, n) -> lib.nvmlSystemGetDriverVersion(b, n));
    int cuda =
        calls.intValue(
            "nvmlSystemGetCudaDriverVersion_v2", out -> lib.nvmlSystemGetCudaDriverVersion_v2(out));
    return new SystemInfo(driver, cuda);
  }

  @Override
  public List<GpuInfo> gpus() {
    int count = calls.intValue("nvmlDeviceGetCount_v2", out -> lib.nvmlDeviceGetCount_v2(out));
    List<GpuInfo> gpus = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      gpus.add(gpuReader.read(i));
    }
    return List.copyOf(gpus);
  }

  @Override
  public List<MigProfile> migProfiles(GpuInfo gpu) {
    if (!gpu.migCapable()) {
      return List.of();
    }
    return migReader.profiles(calls.device(gpu.index(), gpu.uuid()), gpu.memoryBytes());
  }

  @Override
  public List<MigDevice> migDevices(GpuInfo gpu) {
    if (!gpu.migCapable() || migMode(gpu) != MigMode.ENABLED) {
      return List.of();
    }
    Pointer handle = calls.device(gpu.index(), gpu.uuid());
    List<MigProfile> profiles = migReader.profiles(handle, gpu.memoryBytes());
    return migReader.devices(handle, gpu, profiles);
  }

  @Override
  public MigMode migMode(GpuInfo gpu) {
    if (!gpu.migCapable()) {
      return MigMode.NOT_SUPPORTED;
    }
    Pointer handle = calls.device(gpu.index(), gpu.uuid());
    IntByReference current = new IntByReference();
    IntByReference pending = new IntByReference();
    calls.check("nvmlDeviceGetMigMode", lib.nvmlDeviceGetMigMode(handle, current, pending));
    return current.getValue() == NvmlLibrary.MIG_MODE_ENABLE ? MigMode.ENABLED : MigMode.DISABLED;
  }

  @Override
  public void setMigMode(GpuInfo gpu, boolean enabled) {
    migWriter.setMode(calls.device(gpu.index(), gpu.uuid()), enabled);
  }

  @Override
  public MigDevice createMigDevice(GpuInfo gpu, MigProfile profile, Placement placement) {
    Pointer handle = calls.device(gpu.index(), gpu.uuid());
    int[] ids = migWriter.create(handle, gpu, profile, placement);
    return MigWriter.find(
        migReader.devices(handle, gpu, migReader.profiles(handle, gpu.memoryBytes())), ids, gpu);
  }

  @Override
  public void destroyMigDevice(GpuInfo gpu, int gpuInstanceId, int computeInstanceId) {
    migWriter.destroy(calls.device(gpu.index(), gpu.uuid()), gpuInstanceId, computeInstanceId);
  }

  @Override
  public Optional<FabricInfo> fabricInfo(GpuInfo gpu) {
    Pointer handle = calls.device(gpu.index(), gpu.uuid());
    NvmlGpuFabricInfo info = new NvmlGpuFabricInfo();
    int code;
    try {
      code = lib.nvmlDeviceGetGpuFabricInfo(handle, info);
    } catch (UnsatisfiedLinkError e) {
      return Optional.empty(); // a driver from before the fabric API
    }
    if (unsupported(code)) {
      return Optional.empty();
    }
    calls.check("nvmlDeviceGetGpuFabricInfo", code);
    return toFabricInfo(info);
  }

  @Override
  public GpuLink link(GpuInfo a, GpuInfo b) {
    if (a.uuid().equals(b.uuid())) {
      throw new IllegalArgumentException("a GPU has no link to itself: " + a.uuid());
    }
    return linkReader.link(
        calls.device(a.index(), a.uuid()), calls.device(b.index(), b.uuid()), b.pciBusId());
  }

  @Override
  public ComputeMode computeMode(GpuInfo gpu) {
    Pointer handle = calls.device(gpu.index(), gpu.uuid());
    return ComputeMode.fromNvml(
        calls.intValue(
            "nvmlDeviceGetComputeMode", out -> lib.nvmlDeviceGetComputeMode(handle, out)));
  }

  @Override
  public void setComputeMode(GpuInfo gpu, ComputeMode mode) {
    Pointer handle = calls.device(gpu.index(), gpu.uuid());
    calls.check("nvmlDeviceSetComputeMode", lib.nvmlDeviceSetComputeMode(handle, mode.nvmlValue()));
  }

  @Override
  public boolean persistenceMode(GpuInfo gpu) {
    Pointer handle = calls.device(gpu.index(), gpu.uuid());
    return calls.intValue(
            "nvmlDeviceGetPersistenceMode", out -> lib.nvmlDeviceGetPersistenceMode(handle, out))
        == FEATURE_ENABLED;
  }

  @Override
  public void setPersistenceMode(GpuInfo gpu, boolean enabled) {
    Pointer handle = calls.device(gpu.index(), gpu.uuid());
    calls.check(
        "nvmlDeviceSetPersistenceMode",
        lib.nvmlDeviceSetPersistenceMode(handle, enabled ? FEATURE_ENABLED : FEATURE_DISABLED));
  }

  @Override
  public Optional<RecoveryAction> recoveryAction(GpuInfo gpu) {
    Pointer handle = calls.device(gpu.index(), gpu.uuid());
    NvmlFieldValue field = new NvmlFieldValue();
    field.fieldId = NvmlFieldValue.GPU_RECOVERY_ACTION;
    int code;
    try {
      code = lib.nvmlDeviceGetFieldValues(handle, 1, field);
    } catch (UnsatisfiedLinkError e) {
      return Optional.empty(); // a library without field values (NVIDIA's mock NVML)
    }
    if (unsupported(code)) {
      return Optional.empty();
    }
    calls.check("nvmlDeviceGetFieldValues", code);
    if (unsupported(field.nvmlReturn)) {
      return Optional.empty(); // a driver from before 565
    }
    calls.check("nvmlDeviceGetFieldValues(NVML_FI_DEV_GET_GPU_RECOVERY_ACTION)", field.nvmlReturn);
    return Optional.of(new RecoveryAction((int) Math.min(field.integer(), Integer.MAX_VALUE)));
  }

  private static boolean unsupported(int code) {
    return code == ReturnCodes.NOT_SUPPORTED || code == ReturnCodes.FUNCTION_NOT_FOUND;
  }

  @Override
  public XidWatch watchXids(List<GpuInfo> gpus) {
    return JnaXidWatch.open(calls, gpus);
  }

  static Optional<FabricInfo> toFabricInfo(NvmlGpuFabricInfo info) {
    int state = Byte.toUnsignedInt(info.state);
    if (state == 0 || state >= FabricState.values().length) {
      return Optional.empty();
    }
    ByteBuffer uuid = ByteBuffer.wrap(info.clusterUuid);
    return Optional.of(
        new FabricInfo(
            new UUID(uuid.getLong(), uuid.getLong()),
            Integer.toUnsignedLong(info.cliqueId),
            FabricState.values()[state],
            info.status));
  }

  @Override
  public void close() {
    if (closed.compareAndSet(false, true)) {
      calls.check("nvmlShutdown", lib.nvmlShutdown());
    }
  }
}
