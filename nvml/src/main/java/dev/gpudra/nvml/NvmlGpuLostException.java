package dev.gpudra.nvml;

/** The GPU has fallen off the bus or is otherwise inaccessible ({@code NVML_ERROR_GPU_IS_LOST}). */
public class NvmlGpuLostException extends NvmlException {
  private static final long serialVersionUID = 1L;

  public NvmlGpuLostException(String message) {
    super(message, 15);
  }
}
