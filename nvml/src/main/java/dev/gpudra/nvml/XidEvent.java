package dev.gpudra.nvml;

import java.util.Objects;

/**
 * An XID error NVML reported ({@code nvmlEventTypeXidCriticalError}): on a whole GPU, or on one of
 * its MIG devices.
 *
 * @param gpuUuid the physical GPU's {@code GPU-...} UUID
 * @param xid the XID code, e.g. 79
 * @param gpuInstanceId the MIG device's GI ID, or {@link #WHOLE_GPU}
 * @param computeInstanceId the MIG device's CI ID, or {@link #WHOLE_GPU}
 */
public record XidEvent(String gpuUuid, long xid, int gpuInstanceId, int computeInstanceId) {
  /** NVML's {@code 0xFFFFFFFF} GI/CI: the event is about the whole GPU. */
  public static final int WHOLE_GPU = -1;

  public XidEvent {
    Objects.requireNonNull(gpuUuid, "gpuUuid");
    if (xid < 0) {
      throw new IllegalArgumentException("XID must be >= 0: " + xid);
    }
  }

  /** An event on the whole GPU. */
  public static XidEvent onGpu(String gpuUuid, long xid) {
    return new XidEvent(gpuUuid, xid, WHOLE_GPU, WHOLE_GPU);
  }

  public boolean wholeGpu() {
    return gpuInstanceId == WHOLE_GPU || computeInstanceId == WHOLE_GPU;
  }
}
