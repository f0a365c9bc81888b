package dev.gpudra.deviceplugin.node;

/** {@code imex.required} and a channel {@code imex.channelIDs} names is not on the node. */
public final class ImexChannelMissingException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public ImexChannelMissingException(String message) {
    super(message);
  }
}
