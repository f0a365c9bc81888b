package dev.gpudra.kit;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One device of a prepared claim, as returned to the kubelet.
 *
 * @param requestNames base request names (no {@code /subrequest}); empty means all requests
 * @param poolName pool from the allocation result
 * @param deviceName device from the allocation result
 * @param cdiDeviceIds fully-qualified CDI device names, e.g. {@code
 *     k8s.gpu.nvidia.com/claim=<uid>-gpu-0}
 * @param shareId the allocation's share ID (consumable capacity), if any
 */
public record PreparedDevice(
    List<String> requestNames,
    String poolName,
    String deviceName,
    List<String> cdiDeviceIds,
    Optional<String> shareId) {
  public PreparedDevice {
    requestNames = List.copyOf(requestNames);
    cdiDeviceIds = List.copyOf(cdiDeviceIds);
    Objects.requireNonNull(poolName, "poolName");
    Objects.requireNonNull(deviceName, "deviceName");
    Objects.requireNonNull(shareId, "shareId");
  }
}
