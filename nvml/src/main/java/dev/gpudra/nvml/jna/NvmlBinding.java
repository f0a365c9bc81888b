package dev.gpudra.nvml.jna;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import dev.gpudra.nvml.Nvml;
import dev.gpudra.nvml.NvmlLibraryNotFoundException;
import java.nio.file.Path;

/** Opens the real NVML: locate the library under the driver root, load it, start a session. */
public final class NvmlBinding {
  private static final Path SYSFS = Path.of("/sys");

  private NvmlBinding() {}

  /** {@link #open(Path, Path)} with the host's {@code /sys}. */
  public static Nvml open(Path driverRoot) {
    return open(driverRoot, SYSFS);
  }

  /**
   * Loads {@code libnvidia-ml.so.1} from {@code driverRoot} and initialises NVML (with {@code
   * NVML_INIT_FLAG_NO_GPUS}, so a node without GPUs still opens). Close the result to shut down.
   *
   * @throws NvmlLibraryNotFoundException when the library is absent or does not load
   */
  public static Nvml open(Path driverRoot, Path sysfsRoot) {
    Path library = new LibraryLocator().locate(driverRoot);
    NvmlLibrary lib;
    NativeLibrary symbols;
    try {
      lib = Native.load(library.toString(), NvmlLibrary.class);
      symbols = NativeLibrary.getInstance(library.toString());
    } catch (UnsatisfiedLinkError e) {
      throw new NvmlLibraryNotFoundException("cannot load " + library + ": " + e.getMessage());
    }
    NvmlCalls calls = new NvmlCalls(lib);
    init(calls, symbols);
    return new JnaNvml(
        calls, new PcieRootResolver(sysfsRoot), has(symbols, "nvmlDeviceGetAddressingMode"));
  }

  private static void init(NvmlCalls calls, NativeLibrary library) {
    if (has(library, "nvmlInitWithFlags")) {
      calls.check(
          "nvmlInitWithFlags", calls.lib().nvmlInitWithFlags(NvmlLibrary.INIT_FLAG_NO_GPUS));
    } else {
      calls.check("nvmlInit_v2", calls.lib().nvmlInit_v2());
    }
  }

  private static boolean has(NativeLibrary library, String symbol) {
    try {
      library.getFunction(symbol);
      return true;
    } catch (UnsatisfiedLinkError e) {
      return false;
    }
  }
}
