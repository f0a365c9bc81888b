package dev.gpudra.nvml;

/**
 * {@code libnvidia-ml.so.1} could not be found or loaded ({@code NVML_ERROR_LIBRARY_NOT_FOUND});
 * the message lists where it was looked for.
 */
public class NvmlLibraryNotFoundException extends NvmlException {
  private static final long serialVersionUID = 1L;

  public NvmlLibraryNotFoundException(String message) {
    super(message, 12);
  }
}
