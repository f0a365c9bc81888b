package dev.gpudra.localcluster.validation;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClass;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClassSpec;
import java.util.ArrayList;
import java.util.List;

/** DeviceClass (§4.2): name, selectors and opaque config. The spec is mutable. */
public final class DeviceClassValidator implements ObjectValidator<DeviceClass> {
  private final ObjectMapper json;

  public DeviceClassValidator(ObjectMapper json) {
    this.json = json;
  }

  @Override
  public List<FieldError> validate(DeviceClass deviceClass) {
    List<FieldError> errors = new ArrayList<>(ObjectNames.dnsSubdomain(deviceClass.getMetadata()));
    DeviceClassSpec spec = deviceClass.getSpec();
    FieldPath path = FieldPath.of("spec");
    if (spec == null) {
      return errors;
    }
    errors.addAll(ConfigRules.selectors(spec.getSelectors(), path.child("selectors")));
    errors.addAll(
        ListRules.each(
            spec.getConfig(),
            ConfigRules.MAX_CONFIGS,
            path.child("config"),
            (config, at) -> ConfigRules.opaque(config.getOpaque(), at, json)));
    return errors;
  }
}
