package dev.gpudra.localcluster.validation;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gpudra.allocator.cel.DeviceSelectorEnv;
import io.fabric8.kubernetes.api.model.resource.v1.AllocationResult;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** ResourceClaim (§4.3, §4.4): the spec (immutable) and the status. */
public final class ResourceClaimValidator implements ObjectValidator<ResourceClaim> {
  static final int MAX_RESULTS = 32;
  static final int MAX_RESERVED_FOR = 256;

  private final ConfigRules config;

  /**
   * @param json reads opaque parameters
   * @param cel compiles selectors
   */
  public ResourceClaimValidator(ObjectMapper json, DeviceSelectorEnv cel) {
    this.config = new ConfigRules(json, cel);
  }

  /** On create the API server drops the status, so only the name and the spec are checked. */
  @Override
  public List<FieldError> validate(ResourceClaim claim) {
    List<FieldError> errors = new ArrayList<>(ObjectNames.dnsSubdomain(claim.getMetadata()));
    errors.addAll(ClaimSpecRules.spec(claim.getSpec(), FieldPath.of("spec"), config));
    return errors;
  }

  /** The spec may not change; an allocation may be removed but not modified. */
  @Override
  public List<FieldError> validateUpdate(ResourceClaim updated, ResourceClaim old) {
    List<FieldError> errors = new ArrayList<>(validate(updated));
    errors.addAll(status(updated.getStatus()));
    if (!Objects.equals(updated.getSpec(), old.getSpec())) {
      errors.add(FieldError.invalid(FieldPath.of("spec"), "<value omitted>", "field is immutable"));
    }
    AllocationResult was = old.getStatus() == null ? null : old.getStatus().getAllocation();
    AllocationResult now = updated.getStatus() == null ? null : updated.getStatus().getAllocation();
    if (was != null && now != null && !was.equals(now)) {
      errors.add(
          FieldError.invalid(
              FieldPath.of("status").child("allocation"), "<value omitted>", "field is immutable"));
    }
    return errors;
  }

  private static List<FieldError> status(ResourceClaimStatus status) {
    if (status == null) {
      return List.of();
    }
    FieldPath path = FieldPath.of("status");
    List<FieldError> errors = new ArrayList<>();
    AllocationResult allocation = status.getAllocation();
    if (allocation != null && allocation.getDevices() != null) {
      FieldPath results = path.child("allocation").child("devices").child("results");
      errors.addAll(
          ListRules.each(
              allocation.getDevices().getResults(), MAX_RESULTS, results, (r, at) -> List.of()));
    }
    int reserved = ListRules.size(status.getReservedFor());
    if (reserved > MAX_RESERVED_FOR) {
      errors.add(FieldError.tooMany(path.child("reservedFor"), reserved, MAX_RESERVED_FOR));
    } else if (reserved > 0 && allocation == null) {
      errors.add(
          FieldError.forbidden(
              path.child("reservedFor"), "may not be specified when `allocated` is not set"));
    }
    return errors;
  }
}
