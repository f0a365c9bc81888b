package dev.gpudra.deviceplugin.cdi;

/** The CDI names Allocate gives the runtime: {@code k8s.device-plugin.nvidia.com/gpu=<id>}. */
public final class PluginCdiNames {
  /** The vendor of every spec the device plugin writes. */
  public static final String VENDOR = "k8s.device-plugin.nvidia.com";

  /** The class of whole GPUs (and of MIG devices, as NVIDIA names them). */
  public static final String GPU_CLASS = "gpu";

  /** The kind of the GPU spec. */
  public static final String GPU_KIND = VENDOR + "/" + GPU_CLASS;

  /** The class of IMEX channels. */
  public static final String IMEX_CLASS = "imex-channel";

  /** The kind of the IMEX channel spec. */
  public static final String IMEX_KIND = VENDOR + "/" + IMEX_CLASS;

  private PluginCdiNames() {}

  /** The fully qualified CDI name of IMEX channel {@code id}. */
  public static String imexChannel(String id) {
    return IMEX_KIND + "=" + id;
  }

  /** The fully qualified CDI name of one device ID (a UUID or an index). */
  public static String gpu(String id) {
    return GPU_KIND + "=" + id;
  }
}
