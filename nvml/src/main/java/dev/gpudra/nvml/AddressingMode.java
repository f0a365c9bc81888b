package dev.gpudra.nvml;

/**
 * GPU memory addressing mode ({@code nvmlDeviceGetAddressingMode}). NOT_SUPPORTED means the
 * attribute is not published.
 */
public enum AddressingMode {
  NOT_SUPPORTED(""),
  NONE("None"),
  HMM("HMM"),
  ATS("ATS");

  private final String label;

  AddressingMode(String label) {
    this.label = label;
  }

  /** The attribute value published, empty for NOT_SUPPORTED. */
  public String label() {
    return label;
  }
}
