package dev.gpudra.nvml.jna;

import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.MigDevice;
import dev.gpudra.nvml.MigProfile;
import dev.gpudra.nvml.NvmlException;
import dev.gpudra.nvml.Placement;
import java.util.Map;

/**
 * Changes a GPU's MIG layout through NVML: MIG mode, and MIG devices made of one GPU instance with
 * placement plus its full compute instance (the compute-instance profile with the GPU instance's
 * slice count, engines shared), as NVIDIA's plugin creates them.
 */
final class MigWriter {
  /** GI slice count to {@code NVML_COMPUTE_INSTANCE_PROFILE_<n>_SLICE}. */
  private static final Map<Integer, Integer> FULL_COMPUTE_PROFILE =
      Map.of(1, 0, 2, 1, 3, 2, 4, 3, 7, 4, 8, 5, 6, 6);

  private final NvmlCalls calls;
  private final NvmlLibrary lib;

  MigWriter(NvmlCalls calls) {
    this.calls = calls;
    this.lib = calls.lib();
  }

  void setMode(Pointer gpu, boolean enabled) {
    IntByReference activation = new IntByReference();
    calls.check(
        "nvmlDeviceSetMigMode",
        lib.nvmlDeviceSetMigMode(
            gpu, enabled ? NvmlLibrary.MIG_MODE_ENABLE : NvmlLibrary.MIG_MODE_DISABLE, activation));
    calls.check("nvmlDeviceSetMigMode (activation)", activation.getValue());
  }

  /**
   * @return the GI and CI IDs of the new MIG device
   */
  int[] create(Pointer gpu, GpuInfo info, MigProfile profile, Placement placement) {
    NvmlGpuInstancePlacement.ByReference where = new NvmlGpuInstancePlacement.ByReference();
    where.start = placement.start();
    where.size = placement.size();
    Pointer gi =
        calls.pointer(
            "nvmlDeviceCreateGpuInstanceWithPlacement",
            out -> lib.nvmlDeviceCreateGpuInstanceWithPlacement(gpu, profile.id(), where, out));
    try {
      Integer ciProfile = FULL_COMPUTE_PROFILE.get(profile.sliceCount());
      if (ciProfile == null) {
        throw new NvmlException(
            "GPU " + info.uuid() + ": no full compute-instance profile for " + profile.name(), -1);
      }
      NvmlComputeInstanceProfileInfo ciInfo = new NvmlComputeInstanceProfileInfo();
      calls.check(
          "nvmlGpuInstanceGetComputeInstanceProfileInfo",
          lib.nvmlGpuInstanceGetComputeInstanceProfileInfo(
              gi, ciProfile, NvmlLibrary.COMPUTE_INSTANCE_ENGINE_PROFILE_SHARED, ciInfo));
      Pointer ci =
          calls.pointer(
              "nvmlGpuInstanceCreateComputeInstance",
              out -> lib.nvmlGpuInstanceCreateComputeInstance(gi, ciInfo.id, out));
      NvmlGpuInstanceInfo giInfo = new NvmlGpuInstanceInfo();
      calls.check("nvmlGpuInstanceGetInfo", lib.nvmlGpuInstanceGetInfo(gi, giInfo));
      NvmlComputeInstanceInfo created = new NvmlComputeInstanceInfo();
      calls.check("nvmlComputeInstanceGetInfo_v2", lib.nvmlComputeInstanceGetInfo_v2(ci, created));
      return new int[] {giInfo.id, created.id};
    } catch (RuntimeException e) {
      lib.nvmlGpuInstanceDestroy(gi); // no half-made device is left; the first error is the one
      throw e;
    }
  }

  void destroy(Pointer gpu, int gpuInstanceId, int computeInstanceId) {
    Pointer gi =
        calls.pointer(
            "nvmlDeviceGetGpuInstanceById",
            out -> lib.nvmlDeviceGetGpuInstanceById(gpu, gpuInstanceId, out));
    Pointer ci =
        calls.pointer(
            "nvmlGpuInstanceGetComputeInstanceById",
            out -> lib.nvmlGpuInstanceGetComputeInstanceById(gi, computeInstanceId, out));
    calls.check("nvmlComputeInstanceDestroy", lib.nvmlComputeInstanceDestroy(ci));
    calls.check("nvmlGpuInstanceDestroy", lib.nvmlGpuInstanceDestroy(gi));
  }

  /** A device created by {@link #create}, as the MIG devices now on the GPU list it. */
  static MigDevice find(java.util.List<MigDevice> devices, int[] ids, GpuInfo info) {
    return devices.stream()
        .filter(d -> d.gpuInstanceId() == ids[0] && d.computeInstanceId() == ids[1])
        .findFirst()
        .orElseThrow(() ->
            new NvmlException(
                "GPU "
                    + info.uuid()
                    + ": created GI "
                    + ids[0]
                    + " / CI "
                    + ids[1]
                    + " but NVML does not list it",
                -1));
  }
}
