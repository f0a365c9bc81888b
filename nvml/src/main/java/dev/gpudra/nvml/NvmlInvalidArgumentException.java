package dev.gpudra.nvml;

/** NVML rejected an argument ({@code NVML_ERROR_INVALID_ARGUMENT}). */
public class NvmlInvalidArgumentException extends NvmlException {
  private static final long serialVersionUID = 1L;

  public NvmlInvalidArgumentException(String message) {
    super(message, 2);
  }
}
