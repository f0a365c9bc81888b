package dev.gpudra.localcluster.validation;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gpudra.allocator.cel.DeviceSelectorEnv;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClass;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClassSpec;
import java.util.ArrayList;
import java.util.List;

/** DeviceClass (§4.2): name, selectors and opaque config. The spec is mutable. */
public final class DeviceClassValidator implements ObjectValidator<DeviceClass> {
  private final ConfigRules config;

  /**
   * @param json reads opaque parameters
   * @param cel compiles selectors
   */
  public DeviceClassValidator(ObjectMapper json, DeviceSelectorEnv cel) {
    this.config = new ConfigRules(json, cel);
  }

  @Override
  public List<FieldError> validate(DeviceClass deviceClass) {
    List<FieldError> errors = new ArrayList<>(ObjectNames.dnsSubdomain(deviceClass.getMetadata()));
    DeviceClassSpec spec = deviceClass.getSpec();
    FieldPath path = FieldPath.of("spec");
    if (spec == null) {
      return errors;
    }
    errors.addAll(config.selectors(spec.getSelectors(), path.child("selectors")));
    errors.addAll(
        ListRules.each(
            spec.getConfig(),
            ConfigRules.MAX_CONFIGS,
            path.child("config"),
            (c, at) -> config.opaque(c.getOpaque(), at)));
    return errors;
  }
}
