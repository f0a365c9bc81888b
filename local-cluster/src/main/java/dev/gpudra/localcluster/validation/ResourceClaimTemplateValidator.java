package dev.gpudra.localcluster.validation;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gpudra.allocator.cel.DeviceSelectorEnv;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimTemplate;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** ResourceClaimTemplate (§4.5): the claim spec under {@code spec.spec}; immutable. */
public final class ResourceClaimTemplateValidator
    implements ObjectValidator<ResourceClaimTemplate> {
  private final ConfigRules config;

  /**
   * @param json reads opaque parameters
   * @param cel compiles selectors
   */
  public ResourceClaimTemplateValidator(ObjectMapper json, DeviceSelectorEnv cel) {
    this.config = new ConfigRules(json, cel);
  }

  @Override
  public List<FieldError> validate(ResourceClaimTemplate template) {
    List<FieldError> errors = new ArrayList<>(ObjectNames.dnsSubdomain(template.getMetadata()));
    if (template.getSpec() == null) {
      return errors; // an empty spec is valid
    }
    errors.addAll(
        ClaimSpecRules.spec(
            template.getSpec().getSpec(), FieldPath.of("spec").child("spec"), config));
    return errors;
  }

  @Override
  public List<FieldError> validateUpdate(ResourceClaimTemplate updated, ResourceClaimTemplate old) {
    List<FieldError> errors = new ArrayList<>(validate(updated));
    if (!Objects.equals(updated.getSpec(), old.getSpec())) {
      errors.add(FieldError.invalid(FieldPath.of("spec"), "<value omitted>", "field is immutable"));
    }
    return errors;
  }
}
