package dev.gpudra.nvml;

/** The object asked for does not exist ({@code NVML_ERROR_NOT_FOUND}). */
public class NvmlNotFoundException extends NvmlException {
  private static final long serialVersionUID = 1L;

  public NvmlNotFoundException(String message) {
    super(message, 6);
  }
}
