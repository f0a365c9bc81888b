package dev.gpudra.gpu.state;

/** An allocation result names a device this node does not offer (any more). */
public class UnknownDeviceException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public UnknownDeviceException(String claim, String device) {
    super("claim " + claim + ": allocated device \"" + device + "\" does not exist on this node");
  }
}
