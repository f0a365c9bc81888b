package dev.gpudra.controllerkit.informers;

/** An informer that did not list once: its list failed, or took longer than the bound. */
public final class CacheSyncException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  CacheSyncException(String message, Throwable cause) {
    super(message, cause);
  }
}
