package dev.gpudra.computedomain.checkpoint;

import java.util.List;
import java.util.Objects;

/**
 * One prepared {@code compute-domain.nvidia.com} device, as returned to the kubelet.
 *
 * @param device {@code channel-0} or {@code daemon-0}
 * @param requestNames base request names
 * @param pool the allocation result's pool (the node)
 * @param cdiDeviceIds fully-qualified CDI device IDs
 */
public record DomainDevice(
    String device, List<String> requestNames, String pool, List<String> cdiDeviceIds) {
  public DomainDevice {
    Objects.requireNonNull(device, "device");
    Objects.requireNonNull(pool, "pool");
    requestNames = requestNames == null ? List.of() : List.copyOf(requestNames);
    cdiDeviceIds = cdiDeviceIds == null ? List.of() : List.copyOf(cdiDeviceIds);
  }
}
