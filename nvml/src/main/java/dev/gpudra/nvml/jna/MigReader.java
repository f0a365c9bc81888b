package dev.gpudra.nvml.jna;

import com.sun.jna.Pointer;
import com.sun.jna.Structure;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.PointerByReference;
import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.MigDevice;
import dev.gpudra.nvml.MigProfile;
import dev.gpudra.nvml.MigProfileConstant;
import dev.gpudra.nvml.MigProfileNames;
import dev.gpudra.nvml.MigResources;
import dev.gpudra.nvml.NvmlNotFoundException;
import dev.gpudra.nvml.Placement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reads a GPU's MIG profile table (looping every profile constant, as NVIDIA's driver does) and its
 * existing MIG devices.
 */
final class MigReader {
  private final NvmlCalls calls;
  private final NvmlLibrary lib;

  MigReader(NvmlCalls calls) {
    this.calls = calls;
    this.lib = calls.lib();
  }

  List<MigProfile> profiles(Pointer gpu, long totalMemoryBytes) {
    List<MigProfile> profiles = new ArrayList<>();
    for (int constant = 0; constant < MigProfileConstant.COUNT; constant++) {
      NvmlGpuInstanceProfileInfo info = new NvmlGpuInstanceProfileInfo();
      int code = lib.nvmlDeviceGetGpuInstanceProfileInfo(gpu, constant, info);
      if (code == ReturnCodes.NOT_SUPPORTED || code == ReturnCodes.INVALID_ARGUMENT) {
        continue;
      }
      calls.check("nvmlDeviceGetGpuInstanceProfileInfo", code);
      MigProfileConstant kind = MigProfileConstant.fromNvml(constant).orElseThrow();
      MigResources resources =
          new MigResources(
              info.multiprocessorCount,
              info.copyEngineCount,
              info.decoderCount,
              info.encoderCount,
              info.jpegCount,
              info.ofaCount,
              info.memorySizeMB);
      String name =
          MigProfileNames.name(kind, info.sliceCount, info.memorySizeMB, totalMemoryBytes);
      profiles.add(
          new MigProfile(
              constant,
              info.id,
              name,
              info.sliceCount,
              info.instanceCount,
              resources,
              placements(gpu, info.id)));
    }
    return List.copyOf(profiles);
  }

  private List<Placement> placements(Pointer gpu, int profileId) {
    String fn = "nvmlDeviceGetGpuInstancePossiblePlacements_v2";
    IntByReference count = new IntByReference();
    calls.check(fn, lib.nvmlDeviceGetGpuInstancePossiblePlacements_v2(gpu, profileId, null, count));
    if (count.getValue() == 0) {
      return List.of();
    }
    Structure[] array = new NvmlGpuInstancePlacement().toArray(count.getValue());
    NvmlGpuInstancePlacement[] placements =
        Arrays.copyOf(array, array.length, NvmlGpuInstancePlacement[].class);
    calls.check(
        fn, lib.nvmlDeviceGetGpuInstancePossiblePlacements_v2(gpu, profileId, placements, count));
    return Arrays.stream(placements, 0, count.getValue())
        .map(p -> new Placement(p.start, p.size))
        .toList();
  }

  List<MigDevice> devices(Pointer gpu, GpuInfo info, List<MigProfile> profiles) {
    int max =
        calls.intValue(
            "nvmlDeviceGetMaxMigDeviceCount", out -> lib.nvmlDeviceGetMaxMigDeviceCount(gpu, out));
    List<MigDevice> devices = new ArrayList<>();
    for (int i = 0; i < max; i++) {
      PointerByReference ref = new PointerByReference();
      int code = lib.nvmlDeviceGetMigDeviceHandleByIndex(gpu, i, ref);
      if (code == ReturnCodes.NOT_FOUND) {
        continue;
      }
      calls.check("nvmlDeviceGetMigDeviceHandleByIndex", code);
      devices.add(device(gpu, ref.getValue(), info, profiles));
    }
    return List.copyOf(devices);
  }

  private MigDevice device(Pointer gpu, Pointer mig, GpuInfo parent, List<MigProfile> profiles) {
    int gi =
        calls.intValue(
            "nvmlDeviceGetGpuInstanceId", out -> lib.nvmlDeviceGetGpuInstanceId(mig, out));
    int ci =
        calls.intValue(
            "nvmlDeviceGetComputeInstanceId", out -> lib.nvmlDeviceGetComputeInstanceId(mig, out));
    String uuid = calls.string("nvmlDeviceGetUUID", (b, n) -> lib.nvmlDeviceGetUUID(mig, b, n));
    Pointer instance =
        calls.pointer(
            "nvmlDeviceGetGpuInstanceById", out -> lib.nvmlDeviceGetGpuInstanceById(gpu, gi, out));
    NvmlGpuInstanceInfo gpuInstance = new NvmlGpuInstanceInfo();
    calls.check("nvmlGpuInstanceGetInfo", lib.nvmlGpuInstanceGetInfo(instance, gpuInstance));
    MigProfile profile =
        profiles.stream()
            .filter(p -> p.id() == gpuInstance.profileId)
            .findFirst()
            .orElseThrow(() ->
                new NvmlNotFoundException(
                    "GPU "
                        + parent.uuid()
                        + " has GI "
                        + gi
                        + " of unknown profile ID "
                        + gpuInstance.profileId));
    NvmlMemory memory = new NvmlMemory();
    calls.check("nvmlDeviceGetMemoryInfo", lib.nvmlDeviceGetMemoryInfo(mig, memory));
    MigResources p = profile.resources();
    MigResources resources =
        new MigResources(
            p.multiprocessors(),
            p.copyEngines(),
            p.decoders(),
            p.encoders(),
            p.jpegEngines(),
            p.ofaEngines(),
            memory.total >> 20);
    Placement placement = new Placement(gpuInstance.placement.start, gpuInstance.placement.size);
    return new MigDevice(gi, ci, uuid, profile, placement, resources);
  }
}
