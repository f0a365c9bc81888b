package dev.gpudra.deviceplugin.server;

/** An Allocate request this plugin refuses, with the kubelet's error message. */
final class AllocateRefusedException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  AllocateRefusedException(String message) {
    super(message);
  }
}
