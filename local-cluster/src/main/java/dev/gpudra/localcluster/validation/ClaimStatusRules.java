package dev.gpudra.localcluster.validation;

import io.fabric8.kubernetes.api.model.resource.v1.AllocationResult;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequest;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResult;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimConsumerReference;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** A claim's status on update: the allocation's results and the consumers it is reserved for. */
final class ClaimStatusRules {
  static final int MAX_RESULTS = 32;
  static final int MAX_RESERVED_FOR = 256;

  private ClaimStatusRules() {}

  static List<FieldError> status(ResourceClaim claim) {
    ResourceClaimStatus status = claim.getStatus();
    if (status == null) {
      return List.of();
    }
    FieldPath path = FieldPath.of("status");
    List<FieldError> errors = new ArrayList<>();
    AllocationResult allocation = status.getAllocation();
    if (allocation != null && allocation.getDevices() != null) {
      List<DeviceRequest> requests =
          claim.getSpec() == null || claim.getSpec().getDevices() == null
              ? List.of()
              : claim.getSpec().getDevices().getRequests();
      Set<String> known = ClaimSpecRules.references(requests);
      errors.addAll(
          ListRules.each(
              allocation.getDevices().getResults(),
              MAX_RESULTS,
              path.child("allocation").child("devices").child("results"),
              (r, at) -> result(r, at, known)));
    }
    List<ResourceClaimConsumerReference> reserved = status.getReservedFor();
    FieldPath reservedFor = path.child("reservedFor");
    if (ListRules.size(reserved) > MAX_RESERVED_FOR) {
      errors.add(FieldError.tooMany(reservedFor, reserved.size(), MAX_RESERVED_FOR));
    } else if (ListRules.size(reserved) > 0 && allocation == null) {
      errors.add(
          FieldError.forbidden(reservedFor, "may not be specified when `allocated` is not set"));
    } else {
      errors.addAll(
          ListRules.unique(reserved, reservedFor, ResourceClaimConsumerReference::getUid));
    }
    return errors;
  }

  private static List<FieldError> result(
      DeviceRequestAllocationResult r, FieldPath path, Set<String> known) {
    List<FieldError> errors = new ArrayList<>();
    if (!known.contains(r.getRequest())) {
      errors.add(
          FieldError.invalid(path.child("request"), r.getRequest(), ClaimSpecRules.REFERENCE));
    }
    errors.addAll(NameRules.driverName(r.getDriver(), path.child("driver")));
    errors.addAll(NameRules.poolName(r.getPool(), path.child("pool")));
    errors.addAll(NameRules.dnsLabel(r.getDevice(), path.child("device")));
    errors.addAll(
        BindingRules.conditions(r.getBindingConditions(), r.getBindingFailureConditions(), path));
    return errors;
  }
}
