package dev.gpudra.nvml.jna;

import com.sun.jna.Pointer;
import com.sun.jna.ptr.LongByReference;
import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.XidEvent;
import dev.gpudra.nvml.XidWatch;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * An NVML event set with every GPU registered for the event types it supports among XID, single-
 * and double-bit ECC, as NVIDIA's plugin registers them; only XID events are returned.
 */
final class JnaXidWatch implements XidWatch {
  private static final long WATCHED =
      NvmlLibrary.EVENT_TYPE_XID_CRITICAL_ERROR
          | NvmlLibrary.EVENT_TYPE_SINGLE_BIT_ECC_ERROR
          | NvmlLibrary.EVENT_TYPE_DOUBLE_BIT_ECC_ERROR;

  private final NvmlCalls calls;
  private final Pointer set;
  private final List<GpuInfo> unwatched;
  private boolean closed;

  private JnaXidWatch(NvmlCalls calls, Pointer set, List<GpuInfo> unwatched) {
    this.calls = calls;
    this.set = set;
    this.unwatched = List.copyOf(unwatched);
  }

  static JnaXidWatch open(NvmlCalls calls, List<GpuInfo> gpus) {
    NvmlLibrary lib = calls.lib();
    Pointer set = calls.pointer("nvmlEventSetCreate", lib::nvmlEventSetCreate);
    List<GpuInfo> unwatched = new ArrayList<>();
    for (GpuInfo gpu : gpus) {
      if (!register(calls, set, gpu)) {
        unwatched.add(gpu);
      }
    }
    return new JnaXidWatch(calls, set, unwatched);
  }

  /** Whether the GPU's XID events now reach the set. */
  private static boolean register(NvmlCalls calls, Pointer set, GpuInfo gpu) {
    NvmlLibrary lib = calls.lib();
    Pointer handle = calls.device(gpu.index(), gpu.uuid());
    LongByReference supported = new LongByReference();
    if (lib.nvmlDeviceGetSupportedEventTypes(handle, supported) != ReturnCodes.SUCCESS) {
      return false;
    }
    long types = supported.getValue() & WATCHED;
    if ((types & NvmlLibrary.EVENT_TYPE_XID_CRITICAL_ERROR) == 0) {
      return false;
    }
    return lib.nvmlDeviceRegisterEvents(handle, types, set) == ReturnCodes.SUCCESS;
  }

  @Override
  public List<GpuInfo> unwatched() {
    return unwatched;
  }

  @Override
  public Optional<XidEvent> next(Duration timeout) {
    NvmlEventData data = new NvmlEventData();
    int millis = (int) Math.min(Math.max(timeout.toMillis(), 0), Integer.MAX_VALUE);
    int code = calls.lib().nvmlEventSetWait_v2(set, data, millis);
    if (code == ReturnCodes.TIMEOUT) {
      return Optional.empty();
    }
    calls.check("nvmlEventSetWait_v2", code);
    if ((data.eventType & NvmlLibrary.EVENT_TYPE_XID_CRITICAL_ERROR) == 0) {
      return Optional.empty(); // an ECC event: registered as NVIDIA's plugin does, not acted on
    }
    String uuid =
        calls.string(
            "nvmlDeviceGetUUID", (b, n) -> calls.lib().nvmlDeviceGetUUID(data.device, b, n));
    return Optional.of(
        new XidEvent(
            uuid, data.eventData, instance(data.gpuInstanceId), instance(data.computeInstanceId)));
  }

  /** NVML's {@code 0xFFFFFFFF} (-1 as a Java int) is the whole GPU. */
  private static int instance(int id) {
    return id < 0 ? XidEvent.WHOLE_GPU : id;
  }

  @Override
  public void close() {
    if (!closed) {
      closed = true;
      calls.check("nvmlEventSetFree", calls.lib().nvmlEventSetFree(set));
    }
  }
}
