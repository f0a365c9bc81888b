package dev.gpudra.node.pci;

/** sysfs could not be read or written as the PCI layer needs; the message names the path. */
public final class PciException extends RuntimeException {
  public PciException(String message) {
    super(message);
  }

  public PciException(String message, Throwable cause) {
    super(message, cause);
  }
}
