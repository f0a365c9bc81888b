package dev.gpudra.nvml.jna;

import com.sun.jna.Native;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import dev.gpudra.nvml.GpuLink;
import dev.gpudra.nvml.PcieLevel;
import java.nio.charset.StandardCharsets;

/**
 * Reads how two GPUs are linked. NVLinks are counted as NVIDIA's allocator counts them: every
 * active link of the first GPU whose remote end is the second GPU's PCI address. On NVSwitch
 * systems a GPU's links end at the switches, so those count too when the second GPU also has active
 * links to a switch (as many as the GPU with fewer switch links has): {@code nvidia-smi topo -m}
 * shows the same {@code NV18} for every pair of a DGX H100.
 */
final class LinkReader {
  private static final int FEATURE_ENABLED = 1;
  private static final int REMOTE_SWITCH = 2;

  private final NvmlCalls calls;
  private final NvmlLibrary lib;

  LinkReader(NvmlCalls calls) {
    this.calls = calls;
    this.lib = calls.lib();
  }

  GpuLink link(Pointer a, Pointer b, String busIdOfB) {
    int level =
        calls.intValue(
            "nvmlDeviceGetTopologyCommonAncestor",
            out -> lib.nvmlDeviceGetTopologyCommonAncestor(a, b, out));
    LinkEnds fromA = ends(a, busIdOfB);
    int nvlinks = fromA.direct();
    if (nvlinks == 0 && fromA.toSwitch() > 0) {
      nvlinks = Math.min(fromA.toSwitch(), ends(b, "").toSwitch());
    }
    return new GpuLink(PcieLevel.fromNvml(level), Math.min(nvlinks, GpuLink.MAX_NVLINKS));
  }

  /** Active links of one GPU: those ending at {@code busId}, and those ending at a switch. */
  private LinkEnds ends(Pointer device, String busId) {
    int direct = 0;
    int toSwitch = 0;
    for (int link = 0; link < GpuLink.MAX_NVLINKS; link++) {
      IntByReference active = new IntByReference();
      int code = lib.nvmlDeviceGetNvLinkState(device, link, active);
      if (code == ReturnCodes.NOT_SUPPORTED || code == ReturnCodes.INVALID_ARGUMENT) {
        continue; // no NVLink on this GPU, or fewer links than the maximum
      }
      calls.check("nvmlDeviceGetNvLinkState", code);
      if (active.getValue() != FEATURE_ENABLED) {
        continue;
      }
      if (remoteIsSwitch(device, link)) {
        toSwitch++;
      } else if (!busId.isEmpty() && busId.equals(remoteBusId(device, link))) {
        direct++;
      }
    }
    return new LinkEnds(direct, toSwitch);
  }

  private String remoteBusId(Pointer device, int link) {
    NvmlPciInfo pci = new NvmlPciInfo();
    calls.check(
        "nvmlDeviceGetNvLinkRemotePciInfo_v2",
        lib.nvmlDeviceGetNvLinkRemotePciInfo_v2(device, link, pci));
    return PciBusIds.normalize(Native.toString(pci.busId, StandardCharsets.US_ASCII.name()));
  }

  private boolean remoteIsSwitch(Pointer device, int link) {
    IntByReference type = new IntByReference();
    int code;
    try {
      code = lib.nvmlDeviceGetNvLinkRemoteDeviceType(device, link, type);
    } catch (UnsatisfiedLinkError e) {
      return false; // a driver from before the call: only direct links count
    }
    return code == ReturnCodes.SUCCESS && type.getValue() == REMOTE_SWITCH;
  }

  private record LinkEnds(int direct, int toSwitch) {}
}
