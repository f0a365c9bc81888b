package dev.gpudra.gpu.checkpoint;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * What a prepared device was set to for sharing, so that unprepare, a roll-back after a crash and
 * the conflict check of the next claim on the same GPU know it. Absent fields were not set.
 *
 * @param timeSlice the TimeSlicing interval applied to the GPU ({@code Default}, {@code Short},
 *     {@code Medium}, {@code Long}), or null
 * @param mpsControlDaemonId the MPS control daemon the device is shared through (NVIDIA's {@code
 *     configState.mpsControlDaemonID}), or null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SharingRecord(String timeSlice, String mpsControlDaemonId) {
  public static final SharingRecord NONE = new SharingRecord(null, null);

  public SharingRecord {
    mpsControlDaemonId =
        mpsControlDaemonId == null || mpsControlDaemonId.isEmpty() ? null : mpsControlDaemonId;
  }

  public static SharingRecord timeSliced(String interval) {
    return new SharingRecord(interval, null);
  }

  public static SharingRecord mps(String daemonId) {
    return new SharingRecord(null, daemonId);
  }

  @JsonIgnore
  public boolean isEmpty() {
    return timeSlice == null && mpsControlDaemonId == null;
  }

  /** Whether the device is shared through an MPS control daemon. */
  @JsonIgnore
  public boolean mps() {
    return mpsControlDaemonId != null;
  }
}
