package dev.gpudra.localcluster.validation;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceSelector;
import io.fabric8.kubernetes.api.model.resource.v1.OpaqueDeviceConfiguration;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** CEL selectors and opaque driver configuration, shared by classes and claims. */
final class ConfigRules {
  static final int MAX_SELECTORS = 32;
  static final int MAX_CONFIGS = 32;
  static final int MAX_CEL_LENGTH = 10240;
  static final int MAX_PARAMETERS_BYTES = 10240;

  private ConfigRules() {}

  static List<FieldError> selectors(List<DeviceSelector> selectors, FieldPath path) {
    return ListRules.each(selectors, MAX_SELECTORS, path, ConfigRules::selector);
  }

  private static List<FieldError> selector(DeviceSelector selector, FieldPath path) {
    if (selector.getCel() == null) {
      return List.of(FieldError.required(path.child("cel"), ""));
    }
    FieldPath expression = path.child("cel").child("expression");
    String cel = selector.getCel().getExpression();
    if (cel == null || cel.isBlank()) {
      return List.of(FieldError.required(expression, ""));
    }
    if (AttributeRules.bytes(cel) > MAX_CEL_LENGTH) {
      return List.of(FieldError.tooLong(expression, MAX_CEL_LENGTH));
    }
    return List.of();
  }

  /** {@code opaque} is required; its driver has driver-name format; parameters a JSON object. */
  static List<FieldError> opaque(
      OpaqueDeviceConfiguration opaque, FieldPath path, ObjectMapper json) {
    if (opaque == null) {
      return List.of(FieldError.required(path.child("opaque"), ""));
    }
    FieldPath at = path.child("opaque");
    List<FieldError> errors =
        new ArrayList<>(NameRules.driverName(opaque.getDriver(), at.child("driver")));
    Object parameters = opaque.getParameters();
    FieldPath params = at.child("parameters");
    if (parameters == null) {
      errors.add(FieldError.required(params, ""));
    } else if (!json.valueToTree(parameters).isObject()) {
      // an object with apiVersion and kind arrives as a GenericKubernetesResource, not a Map
      errors.add(
          FieldError.invalid(params, "<value omitted>", "parameters must be a valid JSON object"));
    } else if (size(parameters, json) > MAX_PARAMETERS_BYTES) {
      errors.add(FieldError.tooLong(params, MAX_PARAMETERS_BYTES));
    }
    return errors;
  }

  private static int size(Object parameters, ObjectMapper json) {
    try {
      return json.writeValueAsString(parameters).getBytes(StandardCharsets.UTF_8).length;
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("parameters are not serialisable", e);
    }
  }
}
