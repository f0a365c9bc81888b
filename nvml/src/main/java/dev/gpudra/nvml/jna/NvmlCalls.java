package dev.gpudra.nvml.jna;

import com.sun.jna.Native;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.PointerByReference;
import dev.gpudra.nvml.NvmlException;
import dev.gpudra.nvml.NvmlNotFoundException;
import java.nio.charset.StandardCharsets;

/** Calls into NVML with the return code checked, and the out-parameter plumbing in one place. */
final class NvmlCalls {
  /** Large enough for every string NVML returns (names, UUIDs, versions: the _V2 sizes are 96). */
  private static final int STRING_BUFFER = 96;

  @FunctionalInterface
  interface IntOut {
    int call(IntByReference out);
  }

  @FunctionalInterface
  interface PointerOut {
    int call(PointerByReference out);
  }

  @FunctionalInterface
  interface StringOut {
    int call(byte[] buffer, int length);
  }

  private final NvmlLibrary lib;

  NvmlCalls(NvmlLibrary lib) {
    this.lib = lib;
  }

  NvmlLibrary lib() {
    return lib;
  }

  /** Throws the typed exception for a failed call. */
  void check(String function, int code) {
    if (code != ReturnCodes.SUCCESS) {
      throw failure(function, code);
    }
  }

  NvmlException failure(String function, int code) {
    String description;
    try {
      description = lib.nvmlErrorString(code);
    } catch (RuntimeException | UnsatisfiedLinkError e) {
      description = "";
    }
    return ReturnCodes.toException(function, code, description);
  }

  int intValue(String function, IntOut call) {
    IntByReference out = new IntByReference();
    check(function, call.call(out));
    return out.getValue();
  }

  Pointer pointer(String function, PointerOut call) {
    PointerByReference out = new PointerByReference();
    check(function, call.call(out));
    return out.getValue();
  }

  String string(String function, StringOut call) {
    byte[] buffer = new byte[STRING_BUFFER];
    check(function, call.call(buffer, buffer.length));
    return Native.toString(buffer, StandardCharsets.UTF_8.name());
  }

  /** The handle of the GPU at {@code index}, checked to still be the GPU with {@code uuid}. */
  Pointer device(int index, String uuid) {
    Pointer handle =
        pointer(
            "nvmlDeviceGetHandleByIndex_v2", out -> lib.nvmlDeviceGetHandleByIndex_v2(index, out));
    String actual = string("nvmlDeviceGetUUID", (b, n) -> lib.nvmlDeviceGetUUID(handle, b, n));
    if (!actual.equals(uuid)) {
      throw new NvmlNotFoundException(
          "GPU " + uuid + " is no longer at NVML index " + index + " (found " + actual + ")");
    }
    return handle;
  }
}
