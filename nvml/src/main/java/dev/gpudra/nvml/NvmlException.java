package dev.gpudra.nvml;

/** An NVML call failed; {@link #returnCode()} is the {@code nvmlReturn_t} value. */
public class NvmlException extends RuntimeException {
  private static final long serialVersionUID = 1L;
  private final int returnCode;

  public NvmlException(String message, int returnCode) {
    super(message);
    this.returnCode = returnCode;
  }

  public NvmlException(String message, Throwable cause) {
    super(message, cause);
    this.returnCode = -1;
  }

  public int returnCode() {
    return returnCode;
  }
}
