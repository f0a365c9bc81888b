package dev.gpudra.allocator;

import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClass;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceToleration;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A request with {@code exactly}, or one {@code firstAvailable} subrequest, normalised.
 *
 * @param name {@code req} or {@code req/sub}: what results, configs and constraints name
 * @param request the top-level request name
 * @param deviceClass the class it names (already looked up)
 * @param selectors the request's own CEL selectors
 * @param mode ExactCount or All
 * @param count devices for ExactCount; 0 for All
 * @param access admin access or not (subrequests never have it)
 * @param tolerations copied into each result
 * @param capacity {@code capacity.requests} (DRAConsumableCapacity): amounts by capacity name
 */
record RequestSpec(
    String name,
    String request,
    DeviceClass deviceClass,
    List<String> selectors,
    AllocationMode mode,
    long count,
    RequestSpec.Access access,
    List<DeviceToleration> tolerations,
    Map<String, Quantity> capacity) {

  /** Admin access lets a request use devices allocated to other claims. */
  enum Access {
    EXCLUSIVE,
    ADMIN
  }

  RequestSpec {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(request, "request");
    Objects.requireNonNull(deviceClass, "deviceClass");
    selectors = List.copyOf(selectors);
    Objects.requireNonNull(mode, "mode");
    Objects.requireNonNull(access, "access");
    tolerations = List.copyOf(tolerations);
    capacity = Map.copyOf(capacity);
  }

  String className() {
    return deviceClass.getMetadata().getName();
  }

  boolean admin() {
    return access == Access.ADMIN;
  }
}
