package dev.gpudra.gpu.config;

import dev.gpudra.gpu.discovery.AllocatableDevice;
import java.util.Objects;
import java.util.Optional;

/**
 * One allocation result of our driver, bound to the local device it names.
 *
 * @param request {@code req} or {@code req/subrequest}
 * @param pool the result's pool
 * @param device the local device
 * @param adminAccess whether the result was allocated with admin access
 * @param shareId the result's share ID, if any
 * @param consumedMemory the memory the result consumed of a shared device (consumable capacity), in
 *     bytes, if any
 */
public record AllocatedDevice(
    String request,
    String pool,
    AllocatableDevice device,
    boolean adminAccess,
    Optional<String> shareId,
    java.util.OptionalLong consumedMemory) {
  public AllocatedDevice(
      String request,
      String pool,
      AllocatableDevice device,
      boolean adminAccess,
      Optional<String> shareId) {
    this(request, pool, device, adminAccess, shareId, java.util.OptionalLong.empty());
  }

  public AllocatedDevice {
    Objects.requireNonNull(consumedMemory, "consumedMemory");
    Objects.requireNonNull(request, "request");
    Objects.requireNonNull(pool, "pool");
    Objects.requireNonNull(device, "device");
    Objects.requireNonNull(shareId, "shareId");
    if (request.isBlank()) {
      throw new IllegalArgumentException("request must not be blank");
    }
  }

  /** The request name without a {@code /subrequest} suffix. */
  public String baseRequest() {
    int slash = request.indexOf('/');
    return slash < 0 ? request : request.substring(0, slash);
  }
}
