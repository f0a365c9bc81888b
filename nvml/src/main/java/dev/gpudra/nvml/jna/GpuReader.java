package dev.gpudra.nvml.jna;

import com.sun.jna.Native;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import dev.gpudra.nvml.AddressingMode;
import dev.gpudra.nvml.Architecture;
import dev.gpudra.nvml.Brand;
import dev.gpudra.nvml.ComputeCapability;
import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.MigMode;
import java.nio.charset.StandardCharsets;

/** Reads one full GPU's identity from NVML into a {@link GpuInfo}. */
final class GpuReader {
  private static final int MIG_ENABLE = 1;

  private final NvmlCalls calls;
  private final NvmlLibrary lib;
  private final PcieRootResolver roots;
  private final boolean hasAddressingMode;

  GpuReader(NvmlCalls calls, PcieRootResolver roots, boolean hasAddressingMode) {
    this.calls = calls;
    this.lib = calls.lib();
    this.roots = roots;
    this.hasAddressingMode = hasAddressingMode;
  }

  GpuInfo read(int index) {
    Pointer h =
        calls.pointer(
            "nvmlDeviceGetHandleByIndex_v2", out -> lib.nvmlDeviceGetHandleByIndex_v2(index, out));
    IntByReference major = new IntByReference();
    IntByReference minor = new IntByReference();
    calls.check(
        "nvmlDeviceGetCudaComputeCapability",
        lib.nvmlDeviceGetCudaComputeCapability(h, major, minor));
    NvmlMemory memory = new NvmlMemory();
    calls.check("nvmlDeviceGetMemoryInfo", lib.nvmlDeviceGetMemoryInfo(h, memory));
    String busId = busId(h);
    return new GpuInfo(
        index,
        calls.intValue("nvmlDeviceGetMinorNumber", out -> lib.nvmlDeviceGetMinorNumber(h, out)),
        calls.string("nvmlDeviceGetUUID", (b, n) -> lib.nvmlDeviceGetUUID(h, b, n)),
        calls.string("nvmlDeviceGetName", (b, n) -> lib.nvmlDeviceGetName(h, b, n)),
        Brand.fromNvml(calls.intValue("nvmlDeviceGetBrand", out -> lib.nvmlDeviceGetBrand(h, out))),
        Architecture.fromNvml(
            calls.intValue(
                "nvmlDeviceGetArchitecture", out -> lib.nvmlDeviceGetArchitecture(h, out))),
        new ComputeCapability(major.getValue(), minor.getValue()),
        busId,
        roots.rootOf(busId).orElse(""),
        roots.numaNodeOf(busId),
        memory.total,
        migMode(h),
        addressingMode(h));
  }

  private String busId(Pointer h) {
    NvmlPciInfo pci = new NvmlPciInfo();
    calls.check("nvmlDeviceGetPciInfo_v3", lib.nvmlDeviceGetPciInfo_v3(h, pci));
    return PciBusIds.normalize(Native.toString(pci.busId, StandardCharsets.US_ASCII.name()));
  }

  private MigMode migMode(Pointer h) {
    IntByReference current = new IntByReference();
    IntByReference pending = new IntByReference();
    int code = lib.nvmlDeviceGetMigMode(h, current, pending);
    if (code == ReturnCodes.NOT_SUPPORTED) {
      return MigMode.NOT_SUPPORTED;
    }
    calls.check("nvmlDeviceGetMigMode", code);
    return current.getValue() == MIG_ENABLE ? MigMode.ENABLED : MigMode.DISABLED;
  }

  private AddressingMode addressingMode(Pointer h) {
    if (!hasAddressingMode) {
      return AddressingMode.NOT_SUPPORTED;
    }
    NvmlDeviceAddressingMode mode = new NvmlDeviceAddressingMode();
    int code = lib.nvmlDeviceGetAddressingMode(h, mode);
    if (code == ReturnCodes.NOT_SUPPORTED) {
      return AddressingMode.NOT_SUPPORTED;
    }
    calls.check("nvmlDeviceGetAddressingMode", code);
    return switch (mode.value) {
      case 0 -> AddressingMode.NONE;
      case 1 -> AddressingMode.HMM;
      case 2 -> AddressingMode.ATS;
      default -> AddressingMode.NOT_SUPPORTED;
    };
  }
}
