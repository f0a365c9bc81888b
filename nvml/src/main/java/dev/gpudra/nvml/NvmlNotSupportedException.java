package dev.gpudra.nvml;

/** The device or driver does not support the call ({@code NVML_ERROR_NOT_SUPPORTED}). */
public class NvmlNotSupportedException extends NvmlException {
  private static final long serialVersionUID = 1L;

  public NvmlNotSupportedException(String message) {
    super(message, 3);
  }
}
