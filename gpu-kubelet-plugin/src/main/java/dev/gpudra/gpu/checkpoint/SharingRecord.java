package dev.gpudra.gpu.checkpoint;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * What a prepared device was set to (for sharing, for passthrough), so that unprepare, a roll-back
 * after a crash, a rewritten CDI spec and the conflict check of the next claim on the same GPU know
 * it. Absent fields were not set.
 *
 * @param timeSlice the TimeSlicing interval applied to the GPU ({@code Default}, {@code Short},
 *     {@code Medium}, {@code Long}), or null
 * @param mpsControlDaemonId the MPS control daemon the device is shared through (NVIDIA's {@code
 *     configState.mpsControlDaemonID}), or null
 * @param vfioBackend for a passthrough device bound to vfio-pci: {@code legacy} (its IOMMU group's
 *     {@code /dev/vfio/<group>}) or {@code iommufd} ({@code /dev/vfio/devices/vfioN}); else null
 * @param vfioApiDevice whether its container also gets the API device ({@code /dev/vfio/vfio} or
 *     {@code /dev/iommu}); null unless passthrough
 * @param vfioPersistenceMode whether the GPU's persistence mode was on when it left the nvidia
 *     driver (turned off for the move, on again when it comes back); null unless bound
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SharingRecord(
    String timeSlice,
    String mpsControlDaemonId,
    String vfioBackend,
    Boolean vfioApiDevice,
    Boolean vfioPersistenceMode) {
  public static final SharingRecord NONE = new SharingRecord(null, null, null, null, null);

  public SharingRecord(String timeSlice, String mpsControlDaemonId) {
    this(timeSlice, mpsControlDaemonId, null, null, null);
  }

  public SharingRecord {
    if ((vfioBackend == null) != (vfioApiDevice == null)
        || (vfioBackend != null && !vfioBackend.matches("legacy|iommufd"))) {
      throw new IllegalArgumentException(
          "a passthrough record has a backend (legacy or iommufd) and an API device flag: "
              + vfioBackend
              + ", "
              + vfioApiDevice);
    }
    mpsControlDaemonId =
        mpsControlDaemonId == null || mpsControlDaemonId.isEmpty() ? null : mpsControlDaemonId;
  }

  public static SharingRecord timeSliced(String interval) {
    return new SharingRecord(interval, null);
  }

  public static SharingRecord mps(String daemonId) {
    return new SharingRecord(null, daemonId);
  }

  public static SharingRecord passthrough(String backend, boolean apiDevice) {
    return new SharingRecord(null, null, backend, apiDevice, null);
  }

  /** This passthrough record, once the GPU was bound, with its persistence mode before. */
  public SharingRecord withVfioPersistenceMode(boolean wasOn) {
    return new SharingRecord(timeSlice, mpsControlDaemonId, vfioBackend, vfioApiDevice, wasOn);
  }

  /** Whether unprepare turns persistence mode on again. */
  @JsonIgnore
  public boolean restoresPersistenceMode() {
    return Boolean.TRUE.equals(vfioPersistenceMode);
  }

  @JsonIgnore
  public boolean isEmpty() {
    return timeSlice == null && mpsControlDaemonId == null && vfioBackend == null;
  }

  /** Whether the device is shared through an MPS control daemon. */
  @JsonIgnore
  public boolean mps() {
    return mpsControlDaemonId != null;
  }
}
