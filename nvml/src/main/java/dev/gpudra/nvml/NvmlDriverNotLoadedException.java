package dev.gpudra.nvml;

/** The NVIDIA kernel driver is not loaded ({@code NVML_ERROR_DRIVER_NOT_LOADED}). */
public class NvmlDriverNotLoadedException extends NvmlException {
  private static final long serialVersionUID = 1L;

  public NvmlDriverNotLoadedException(String message) {
    super(message, 9);
  }
}
