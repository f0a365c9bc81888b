package dev.gpudra.gpu.state;

/**
 * A requested device is still prepared for another claim. Transient: the kubelet retries, and the
 * other claim is usually being unprepared.
 */
public class DeviceBusyException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /**
   * @param claim the refused claim as {@code namespace/name}
   */
  public DeviceBusyException(String claim, String device, String otherClaimUid) {
    super(
        "claim "
            + claim
            + ": requested device \""
            + device
            + "\" is already allocated to different claim "
            + otherClaimUid);
  }
}
