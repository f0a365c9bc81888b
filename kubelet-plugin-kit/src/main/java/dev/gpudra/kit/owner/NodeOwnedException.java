package dev.gpudra.kit.owner;

/** Another process owns this driver's plugin directory on the node, and kept it while we waited. */
public final class NodeOwnedException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public NodeOwnedException(String message) {
    super(message);
  }
}
