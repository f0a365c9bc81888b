package dev.gpudra.nvml;

/** The caller lacks the permission the call needs ({@code NVML_ERROR_NO_PERMISSION}). */
public class NvmlNoPermissionException extends NvmlException {
  private static final long serialVersionUID = 1L;

  public NvmlNoPermissionException(String message) {
    super(message, 4);
  }
}
