package dev.gpudra.nvml.jna;

import com.sun.jna.Library;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.LongByReference;
import com.sun.jna.ptr.PointerByReference;

/**
 * The raw {@code libnvidia-ml.so.1} functions gpu-dra calls, with their real names and, where NVML
 * versions a call, the version we rely on. Every function returns an {@code nvmlReturn_t}; handles
 * ({@code nvmlDevice_t}, {@code nvmlGpuInstance_t}) are opaque pointers. Only {@link JnaNvml} and
 * its readers call this.
 */
public interface NvmlLibrary extends Library {
  /** {@code NVML_INIT_FLAG_NO_GPUS}: initialise even on a node without GPUs. */
  int INIT_FLAG_NO_GPUS = 1;

  int nvmlInitWithFlags(int flags);

  int nvmlInit_v2();

  int nvmlShutdown();

  String nvmlErrorString(int result);

  int nvmlSystemGetDriverVersion(byte[] version, int length);

  int nvmlSystemGetCudaDriverVersion_v2(IntByReference cudaDriverVersion);

  int nvmlDeviceGetCount_v2(IntByReference deviceCount);

  int nvmlDeviceGetHandleByIndex_v2(int index, PointerByReference device);

  int nvmlDeviceGetMinorNumber(Pointer device, IntByReference minorNumber);

  int nvmlDeviceGetUUID(Pointer device, byte[] uuid, int length);

  int nvmlDeviceGetName(Pointer device, byte[] name, int length);

  int nvmlDeviceGetBrand(Pointer device, IntByReference type);

  int nvmlDeviceGetArchitecture(Pointer device, IntByReference arch);

  int nvmlDeviceGetCudaComputeCapability(
      Pointer device, IntByReference major, IntByReference minor);

  int nvmlDeviceGetPciInfo_v3(Pointer device, NvmlPciInfo pci);

  int nvmlDeviceGetMemoryInfo(Pointer device, NvmlMemory memory);

  int nvmlDeviceGetMigMode(Pointer device, IntByReference currentMode, IntByReference pendingMode);

  int nvmlDeviceGetGpuInstanceProfileInfo(
      Pointer device, int profile, NvmlGpuInstanceProfileInfo info);

  /** Call with {@code placements == null} to learn the count, then with an array that long. */
  int nvmlDeviceGetGpuInstancePossiblePlacements_v2(
      Pointer device, int profileId, NvmlGpuInstancePlacement[] placements, IntByReference count);

  int nvmlDeviceGetMaxMigDeviceCount(Pointer device, IntByReference count);

  int nvmlDeviceGetMigDeviceHandleByIndex(Pointer device, int index, PointerByReference migDevice);

  int nvmlDeviceGetGpuInstanceId(Pointer device, IntByReference id);

  int nvmlDeviceGetComputeInstanceId(Pointer device, IntByReference id);

  int nvmlDeviceGetGpuInstanceById(Pointer device, int id, PointerByReference gpuInstance);

  int nvmlGpuInstanceGetInfo(Pointer gpuInstance, NvmlGpuInstanceInfo info);

  int nvmlDeviceGetGpuFabricInfo(Pointer device, NvmlGpuFabricInfo gpuFabricInfo);

  /** Missing from older drivers: check the symbol before calling. */
  int nvmlDeviceGetAddressingMode(Pointer device, NvmlDeviceAddressingMode mode);

  /** Fills {@code pathInfo} with an {@code nvmlGpuTopologyLevel_t}. */
  int nvmlDeviceGetTopologyCommonAncestor(
      Pointer device1, Pointer device2, IntByReference pathInfo);

  /** {@code NVML_FEATURE_ENABLED} (1) when link {@code link} is active. */
  int nvmlDeviceGetNvLinkState(Pointer device, int link, IntByReference isActive);

  int nvmlDeviceGetNvLinkRemotePciInfo_v2(Pointer device, int link, NvmlPciInfo pci);

  /** {@code nvmlIntNvLinkDeviceType_t}: GPU 0, IBM NPU 1, switch 2, unknown 0xFF. */
  int nvmlDeviceGetNvLinkRemoteDeviceType(Pointer device, int link, IntByReference type);

  int nvmlDeviceGetComputeMode(Pointer device, IntByReference mode);

  int nvmlDeviceSetComputeMode(Pointer device, int mode);

  /** {@code NVML_FEATURE_DISABLED} (0) or {@code NVML_FEATURE_ENABLED} (1). */
  int nvmlDeviceGetPersistenceMode(Pointer device, IntByReference mode);

  int nvmlDeviceSetPersistenceMode(Pointer device, int mode);

  /** Reads {@code valuesCount} fields; each value carries its own return code. */
  int nvmlDeviceGetFieldValues(Pointer device, int valuesCount, NvmlFieldValue values);

  long EVENT_TYPE_SINGLE_BIT_ECC_ERROR = 0x1L;

  long EVENT_TYPE_DOUBLE_BIT_ECC_ERROR = 0x2L;

  long EVENT_TYPE_XID_CRITICAL_ERROR = 0x8L;

  int nvmlEventSetCreate(PointerByReference set);

  int nvmlDeviceGetSupportedEventTypes(Pointer device, LongByReference eventTypes);

  int nvmlDeviceRegisterEvents(Pointer device, long eventTypes, Pointer set);

  int nvmlEventSetWait_v2(Pointer set, NvmlEventData data, int timeoutMs);

  int nvmlEventSetFree(Pointer set);

  int MIG_MODE_DISABLE = 0;

  int MIG_MODE_ENABLE = 1;

  /** {@code NVML_COMPUTE_INSTANCE_ENGINE_PROFILE_SHARED}. */
  int COMPUTE_INSTANCE_ENGINE_PROFILE_SHARED = 0;

  int nvmlDeviceSetMigMode(Pointer device, int mode, IntByReference activationStatus);

  int nvmlDeviceCreateGpuInstanceWithPlacement(
      Pointer device,
      int profileId,
      NvmlGpuInstancePlacement.ByReference placement,
      PointerByReference gpuInstance);

  int nvmlGpuInstanceGetComputeInstanceProfileInfo(
      Pointer gpuInstance, int profile, int engProfile, NvmlComputeInstanceProfileInfo info);

  int nvmlGpuInstanceCreateComputeInstance(
      Pointer gpuInstance, int profileId, PointerByReference computeInstance);

  int nvmlGpuInstanceGetComputeInstanceById(
      Pointer gpuInstance, int id, PointerByReference computeInstance);

  int nvmlComputeInstanceGetInfo_v2(Pointer computeInstance, NvmlComputeInstanceInfo info);

  int nvmlComputeInstanceDestroy(Pointer computeInstance);

  int nvmlGpuInstanceDestroy(Pointer gpuInstance);
}
