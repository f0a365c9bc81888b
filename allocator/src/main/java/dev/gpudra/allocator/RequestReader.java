package dev.gpudra.allocator;

import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.resource.v1.CapacityRequirements;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClass;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequest;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceSelector;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceSubRequest;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceToleration;
import io.fabric8.kubernetes.api.model.resource.v1.ExactDeviceRequest;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Turns a claim's requests into {@link ClaimRequest}s. Like the scheduler, it checks every
 * subrequest up front: an unknown class in any of them fails the whole claim.
 */
final class RequestReader {

  private final Map<String, DeviceClass> classes;

  RequestReader(Map<String, DeviceClass> classes) {
    this.classes = classes;
  }

  List<ClaimRequest> read(ResourceClaim claim) {
    List<ClaimRequest> requests = new ArrayList<>();
    for (DeviceRequest request : orEmpty(devices(claim).getRequests())) {
      requests.add(read(request));
    }
    return requests;
  }

  static DeviceClaim devices(ResourceClaim claim) {
    if (claim.getSpec() == null || claim.getSpec().getDevices() == null) {
      return new DeviceClaim();
    }
    return claim.getSpec().getDevices();
  }

  private ClaimRequest read(DeviceRequest request) {
    String name = request.getName();
    ExactDeviceRequest exactly = request.getExactly();
    List<DeviceSubRequest> subRequests = orEmpty(request.getFirstAvailable());
    if ((exactly == null) == subRequests.isEmpty()) {
      throw new UnsatisfiableException(
          FailureReason.UNSUPPORTED_REQUEST,
          name,
          "request " + name + " must set exactly one of exactly and firstAvailable");
    }
    if (exactly != null) {
      return new ClaimRequest(name, List.of(spec(exactly(name, exactly))));
    }
    List<RequestSpec> alternatives = new ArrayList<>();
    for (DeviceSubRequest sub : subRequests) {
      alternatives.add(spec(subRequest(name, sub)));
    }
    return new ClaimRequest(name, alternatives);
  }

  /** The fields of a request or subrequest before the class is looked up. */
  private record Shape(
      String name,
      String request,
      String className,
      String mode,
      Long count,
      List<String> selectors,
      RequestSpec.Access access,
      List<DeviceToleration> tolerations,
      Map<String, Quantity> capacity) {}

  private static Shape exactly(String name, ExactDeviceRequest exactly) {
    return new Shape(
        name,
        name,
        exactly.getDeviceClassName(),
        exactly.getAllocationMode(),
        exactly.getCount(),
        selectors("request " + name, exactly.getSelectors()),
        Boolean.TRUE.equals(exactly.getAdminAccess())
            ? RequestSpec.Access.ADMIN
            : RequestSpec.Access.EXCLUSIVE,
        orEmpty(exactly.getTolerations()),
        capacity(exactly.getCapacity()));
  }

  private static Shape subRequest(String request, DeviceSubRequest sub) {
    String name = request + "/" + sub.getName();
    return new Shape(
        name,
        request,
        sub.getDeviceClassName(),
        sub.getAllocationMode(),
        sub.getCount(),
        selectors("request " + name, sub.getSelectors()),
        RequestSpec.Access.EXCLUSIVE,
        orEmpty(sub.getTolerations()),
        capacity(sub.getCapacity()));
  }

  private static Map<String, Quantity> capacity(CapacityRequirements requirements) {
    return requirements == null || requirements.getRequests() == null
        ? Map.of()
        : requirements.getRequests();
  }

  private RequestSpec spec(Shape shape) {
    DeviceClass deviceClass = classes.get(shape.className());
    if (deviceClass == null) {
      throw new UnsatisfiableException(
          FailureReason.UNKNOWN_DEVICE_CLASS,
          shape.name(),
          "request " + shape.name() + ": DeviceClass " + shape.className() + " not found");
    }
    AllocationMode mode = mode(shape);
    Long count = shape.count();
    long exactCount = mode == AllocationMode.ALL ? 0 : (count == null || count == 0 ? 1 : count);
    return new RequestSpec(
        shape.name(),
        shape.request(),
        deviceClass,
        shape.selectors(),
        mode,
        exactCount,
        shape.access(),
        shape.tolerations(),
        shape.capacity());
  }

  private static AllocationMode mode(Shape shape) {
    return switch (shape.mode() == null ? "ExactCount" : shape.mode()) {
      case "", "ExactCount" -> AllocationMode.EXACT_COUNT;
      case "All" -> AllocationMode.ALL;
      default ->
          throw new UnsatisfiableException(
              FailureReason.UNSUPPORTED_REQUEST,
              shape.name(),
              "request " + shape.name() + ": unsupported allocationMode " + shape.mode());
    };
  }

  static List<String> selectors(String owner, List<DeviceSelector> selectors) {
    List<String> expressions = new ArrayList<>();
    for (DeviceSelector selector : orEmpty(selectors)) {
      if (selector.getCel() == null || selector.getCel().getExpression() == null) {
        throw new UnsatisfiableException(
            FailureReason.UNSUPPORTED_REQUEST,
            owner,
            owner + " selector #" + expressions.size() + " has no CEL expression");
      }
      expressions.add(selector.getCel().getExpression());
    }
    return expressions;
  }

  static <T> List<T> orEmpty(List<T> list) {
    return list == null ? List.of() : list;
  }
}
