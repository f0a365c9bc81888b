package dev.gpudra.nvml;

/** NVML was not initialised, or has been shut down ({@code NVML_ERROR_UNINITIALIZED}). */
public class NvmlUninitializedException extends NvmlException {
  private static final long serialVersionUID = 1L;

  public NvmlUninitializedException(String message) {
    super(message, 1);
  }
}
