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

  /** The device is the same GPU as {@code sibling} (PassthroughSupport), which a claim holds. */
  public DeviceBusyException(String claim, String device, String sibling, String holderUid) {
    super(
        "claim "
            + claim
            + ": requested device \""
            + device
            + "\" is the same GPU as \""
            + sibling
            + "\", which claim "
            + holderUid
            + " holds: one of the two is prepared at a time");
  }
}
