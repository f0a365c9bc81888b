package dev.gpudra.gpu.mps;

/**
 * The claim's MPS control daemon is not ready yet: the claim stays PrepareStarted, and the
 * kubelet's next prepare call finds the same daemon instead of starting another.
 */
public final class MpsDaemonNotReadyException extends MpsException {
  public MpsDaemonNotReadyException(String message) {
    super(message);
  }
}
