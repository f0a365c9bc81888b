package dev.gpudra.localcluster.validation;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gpudra.allocator.cel.DeviceSelectorEnv;
import io.fabric8.kubernetes.api.model.resource.v1.AllocationResult;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** ResourceClaim (§4.3, §4.4): the spec (immutable) and the status. */
public final class ResourceClaimValidator implements ObjectValidator<ResourceClaim> {
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
    errors.addAll(ClaimStatusRules.status(updated));
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
}
