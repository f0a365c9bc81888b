package dev.gpudra.gpu.checkpoint;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * One prepared device of a claim, as remembered across restarts.
 *
 * @param device canonical device name, e.g. {@code gpu-0}
 * @param type {@code gpu}, {@code mig} or {@code vfio}
 * @param uuid {@code GPU-...} or {@code MIG-...}; empty for a DynamicMIG device planned but not
 *     created yet (then without GI and CI IDs)
 * @param requestNames base request names returned to the kubelet
 * @param pool the allocation result's pool
 * @param cdiDeviceIds fully-qualified CDI device IDs
 * @param adminAccess allocated with admin access (does not make the device busy)
 * @param shareId the allocation's share ID, or null
 * @param gpuInstanceId MIG GPU-instance ID, or null for full GPUs
 * @param computeInstanceId MIG compute-instance ID, or null for full GPUs
 * @param sharing what the device was set to for sharing, or null when nothing was (older
 *     checkpoints have no such field)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CheckpointDevice(
    String device,
    String type,
    String uuid,
    List<String> requestNames,
    String pool,
    List<String> cdiDeviceIds,
    boolean adminAccess,
    String shareId,
    Integer gpuInstanceId,
    Integer computeInstanceId,
    SharingRecord sharing) {
  private static final Set<String> TYPES = Set.of("gpu", "mig", "vfio");

  public CheckpointDevice {
    sharing = sharing == null || sharing.isEmpty() ? null : sharing;
    Objects.requireNonNull(device, "device");
    Objects.requireNonNull(uuid, "uuid");
    Objects.requireNonNull(pool, "pool");
    requestNames = requestNames == null ? List.of() : List.copyOf(requestNames);
    cdiDeviceIds = cdiDeviceIds == null ? List.of() : List.copyOf(cdiDeviceIds);
    if (!TYPES.contains(type)) {
      throw new IllegalArgumentException("unknown device type: " + type);
    }
    if ("mig".equals(type)
        && !uuid.isEmpty()
        && (gpuInstanceId == null || computeInstanceId == null)) {
      throw new IllegalArgumentException("a MIG device records its GI and CI IDs: " + device);
    }
  }

  /** The same device with its sharing settings. */
  public CheckpointDevice withSharing(SharingRecord value) {
    return new CheckpointDevice(
        device,
        type,
        uuid,
        requestNames,
        pool,
        cdiDeviceIds,
        adminAccess,
        shareId,
        gpuInstanceId,
        computeInstanceId,
        value);
  }

  /** The same device, created by DynamicMIG: its MIG UUID and instance IDs. */
  public CheckpointDevice withCreated(String migUuid, int gi, int ci) {
    return new CheckpointDevice(
        device,
        type,
        migUuid,
        requestNames,
        pool,
        cdiDeviceIds,
        adminAccess,
        shareId,
        gi,
        ci,
        sharing);
  }

  /** Whether it names a MIG device that exists (or existed): one with instance IDs. */
  public boolean created() {
    return gpuInstanceId != null && computeInstanceId != null;
  }

  /** Its sharing settings; {@link SharingRecord#NONE} when none were applied. */
  public SharingRecord sharingOrNone() {
    return sharing == null ? SharingRecord.NONE : sharing;
  }
}
